__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_0() {
  asm volatile("cp.async.bulk.wait_group 0;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_1() {
  asm volatile("cp.async.bulk.wait_group.read 1;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group() {
  asm volatile("cp.async.bulk.commit_group;" :  : );
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group(const void* __dst_mem, uint32_t __src_mem, uint32_t __size) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" :  : "l"(__dst_mem), "r"(__src_mem), "r"(__size) : "memory");
}

__forceinline__ __device__ void tvm_builtin_cuda_mbarrier_wait(void* barrier, int phase) {
    unsigned int barrier_addr_int = __cvta_generic_to_shared(barrier);
    unsigned int ticks = 0x989680;
    asm volatile(
        "{\n"
        ".reg .pred                P1;\n"
        "LAB_WAIT:\n"
        "mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 P1, [%0], %1, %2;\n"
        "@P1                       bra.uni DONE;\n"
        "bra.uni                   LAB_WAIT;\n"
        "DONE:\n"
        "}\n"
        :: "r"(barrier_addr_int), "r"(phase), "r"(ticks) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(uint32_t __addr, uint32_t __tx_count) {
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :  : "r"(__addr), "r"(__tx_count) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta() {
  asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_init_init_shared_b64(uint32_t __addr, uint32_t __count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" :  : "r"(__addr), "r"(__count) : "memory");
}

__forceinline__ __device__ unsigned int tvm_builtin_cuda_cvta_generic_to_shared(void* p) {
    return __cvta_generic_to_shared(p);
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(uint32_t __dst_mem, const void* __src_mem, uint32_t __size, uint32_t __mbar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" :  : "r"(__dst_mem), "l"(__src_mem), "r"(__size), "r"(__mbar) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_griddepcontrol_wait() {
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
}
extern "C" __global__ void __launch_bounds__(256) copy_tail_kernel(uchar* __restrict__ A_ptr, uchar* __restrict__ B_ptr, int64_t n, int64_t start);
extern "C" __global__ void __launch_bounds__(128) copy_tiles_kernel(uchar* __restrict__ A_ptr, uchar* __restrict__ B_ptr, int64_t cse_v8, int64_t ctas, int64_t tiles, int64_t walk);
extern "C" __global__ void copy_tile_per_cta_kernel(uchar* __restrict__ A_ptr, uchar* __restrict__ B_ptr, int64_t tiles);
extern "C" __global__ void __launch_bounds__(256) copy_tail_kernel(uchar* __restrict__ A_ptr, uchar* __restrict__ B_ptr, int64_t n, int64_t start) {
  tvm_builtin_ptx_griddepcontrol_wait();
  int64_t cse_v1 = (((int64_t)blockIdx.x) * (int64_t)256);
  if ((((((int64_t)blockIdx.x) * (int64_t)256) + start) + ((int64_t)threadIdx.x)) < n) {
    int64_t cse_v2 = (((((int64_t)blockIdx.x) * (int64_t)256) + ((int64_t)threadIdx.x)) + start);
    B_ptr[(((((int64_t)blockIdx.x) * (int64_t)256) + ((int64_t)threadIdx.x)) + start)] = A_ptr[(((((int64_t)blockIdx.x) * (int64_t)256) + ((int64_t)threadIdx.x)) + start)];
  }
}

extern "C" __global__ void __launch_bounds__(128) copy_tiles_kernel(uchar* __restrict__ A_ptr, uchar* __restrict__ B_ptr, int64_t cse_v8, int64_t ctas, int64_t tiles, int64_t walk) {
  tvm_builtin_ptx_griddepcontrol_wait();
  extern __shared__ __align__(128) uchar A_shared_dyn_ptr[];
  __shared__ alignas(8) uint64_t tma_bar_q0_ptr[4];
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))), (uint)1);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(int64_t)0]))), (((int64_t)0 < walk) ? ((((int64_t)blockIdx.x) < tiles) ? (uint)32768 : (uint)0) : (uint)0));
  }
  int64_t cse_v2 = (((int64_t)blockIdx.x) * (int64_t)32768);
  if ((int64_t)0 < walk) {
    if (((int64_t)blockIdx.x) < tiles) {
      if (((int)threadIdx.x) < 1) {
        tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(int64_t)0]))), (&(A_ptr[(((int64_t)blockIdx.x) * (int64_t)32768)])), (uint)32768, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(int64_t)0]))));
      }
    }
  }
  int64_t cse_v3 = (ctas + ((int64_t)blockIdx.x));
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(int64_t)1]))), (((int64_t)1 < walk) ? (((ctas + ((int64_t)blockIdx.x)) < tiles) ? (uint)32768 : (uint)0) : (uint)0));
  }
  if ((int64_t)1 < walk) {
    if ((ctas + ((int64_t)blockIdx.x)) < tiles) {
      if (((int)threadIdx.x) < 1) {
        tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(int64_t)32768]))), (&(A_ptr[((ctas * (int64_t)32768) + (((int64_t)blockIdx.x) * (int64_t)32768))])), (uint)32768, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(int64_t)1]))));
      }
    }
  }
  int64_t cse_v9 = ((ctas * (int64_t)2) + ((int64_t)blockIdx.x));
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(int64_t)2]))), (((int64_t)2 < walk) ? ((((ctas * (int64_t)2) + ((int64_t)blockIdx.x)) < tiles) ? (uint)32768 : (uint)0) : (uint)0));
  }
  if ((int64_t)2 < walk) {
    if (((ctas * (int64_t)2) + ((int64_t)blockIdx.x)) < tiles) {
      if (((int)threadIdx.x) < 1) {
        tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(int64_t)65536]))), (&(A_ptr[((ctas * (int64_t)65536) + (((int64_t)blockIdx.x) * (int64_t)32768))])), (uint)32768, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(int64_t)2]))));
      }
    }
  }
  int64_t cse_v4 = (walk - (int64_t)3);
  for (int64_t step = (int64_t)0; step < (walk - (int64_t)3); ++step) {
    int64_t cse_v5 = (step & (int64_t)3);
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[(step & (int64_t)3)])), ((step & (int64_t)7) >> (int64_t)2));
    int64_t cse_v6 = (step * ctas);
    int64_t cse_v10 = ((step * ctas) * (int64_t)32768);
    if (((int)threadIdx.x) == 0) {
      if (((step * ctas) + ((int64_t)blockIdx.x)) < tiles) {
        tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[(((step * ctas) * (int64_t)32768) + (((int64_t)blockIdx.x) * (int64_t)32768))])), tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[((step & (int64_t)3) * (int64_t)32768)]))), (uint)32768);
      }
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_1();
    }
    __syncthreads();
    int64_t cse_v7 = (step + (int64_t)3);
    int64_t cse_v11 = ((step + (int64_t)3) & (int64_t)3);
    int64_t cse_v14 = (((step + (int64_t)3) * ctas) + ((int64_t)blockIdx.x));
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((step + (int64_t)3) & (int64_t)3)]))), (((((step + (int64_t)3) * ctas) + ((int64_t)blockIdx.x)) < tiles) ? (uint)32768 : (uint)0));
    }
    if ((((step + (int64_t)3) * ctas) + ((int64_t)blockIdx.x)) < tiles) {
      if (((int)threadIdx.x) < 1) {
        tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(((step + (int64_t)3) & (int64_t)3) * (int64_t)32768)]))), (&(A_ptr[(((ctas * (int64_t)98304) + ((step * ctas) * (int64_t)32768)) + (((int64_t)blockIdx.x) * (int64_t)32768))])), (uint)32768, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((step + (int64_t)3) & (int64_t)3)]))));
      }
    }
  }
  for (int64_t stage = (int64_t)0; stage < (int64_t)3; ++stage) {
    int64_t cse_v15 = (((((int64_t)3 < walk) ? (walk - (int64_t)4) : (int64_t)-1) + stage) + (int64_t)1);
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[((((((int64_t)3 < walk) ? (walk - (int64_t)4) : (int64_t)-1) + stage) + (int64_t)1) & (int64_t)3)])), (((((((int64_t)3 < walk) ? (walk - (int64_t)4) : (int64_t)-1) + stage) + (int64_t)1) & (int64_t)7) >> (int64_t)2));
  }
  if (((int64_t)3 <= walk) && ((int64_t)3 <= walk)) {
    if (((int)threadIdx.x) == 0) {
      int64_t cse_v12 = ((walk - (int64_t)3) * ctas);
      if ((((walk - (int64_t)3) * ctas) + ((int64_t)blockIdx.x)) < tiles) {
        tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[((((walk - (int64_t)3) * ctas) * (int64_t)32768) + (((int64_t)blockIdx.x) * (int64_t)32768))])), tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(((walk + (int64_t)1) & (int64_t)3) * (int64_t)32768)]))), (uint)32768);
      }
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  } else {
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  }
  if (((int64_t)2 <= walk) && ((int64_t)2 <= walk)) {
    if (((int)threadIdx.x) == 0) {
      int64_t cse_v13 = ((walk - (int64_t)2) * ctas);
      if ((((walk - (int64_t)2) * ctas) + ((int64_t)blockIdx.x)) < tiles) {
        tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[((((walk - (int64_t)2) * ctas) * (int64_t)32768) + (((int64_t)blockIdx.x) * (int64_t)32768))])), tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(((walk + (int64_t)2) & (int64_t)3) * (int64_t)32768)]))), (uint)32768);
      }
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  } else {
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  }
  if (((int64_t)1 <= walk) && ((int64_t)1 <= walk)) {
    if (((int)threadIdx.x) == 0) {
      if ((cse_v8 + ((int64_t)blockIdx.x)) < tiles) {
        tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[((cse_v8 * (int64_t)32768) + (((int64_t)blockIdx.x) * (int64_t)32768))])), tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(((walk + (int64_t)3) & (int64_t)3) * (int64_t)32768)]))), (uint)32768);
      }
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  } else {
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_0();
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))));
  }
}

extern "C" __global__ void copy_tile_per_cta_kernel(uchar* __restrict__ A_ptr, uchar* __restrict__ B_ptr, int64_t tiles) {
  tvm_builtin_ptx_griddepcontrol_wait();
  __shared__ alignas(8) uint64_t tma_bar_copy0_ptr[1];
  tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))), (uint)1);
  tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  __syncthreads();
  extern __shared__ __align__(128) uchar A_shared_dyn_ptr[];
  __syncthreads();
  tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))), (uint)4096);
  int64_t cse_v2 = (((int64_t)blockIdx.x) * (int64_t)4096);
  tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[0]))), (&(A_ptr[(((int64_t)blockIdx.x) * (int64_t)4096)])), (uint)4096, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))));
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_copy0_ptr[0])), 0);
  tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  __syncthreads();
  tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[(((int64_t)blockIdx.x) * (int64_t)4096)])), tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[0]))), (uint)4096);
  tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
  tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_0();
  __syncthreads();
  tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))));
}
