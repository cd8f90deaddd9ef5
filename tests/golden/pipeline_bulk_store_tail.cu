__forceinline__ __device__ void tvm_builtin_ptx_griddepcontrol_wait() {
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(uint32_t __dst_mem, const void* __src_mem, uint32_t __size, uint32_t __mbar) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" :  : "r"(__dst_mem), "l"(__src_mem), "r"(__size), "r"(__mbar) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta() {
  asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(uint32_t __addr, uint32_t __tx_count) {
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :  : "r"(__addr), "r"(__tx_count) : "memory");
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
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(uint32_t __addr) {
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_init_init_shared_b64(uint32_t __addr, uint32_t __count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" :  : "r"(__addr), "r"(__count) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_0() {
  asm volatile("cp.async.bulk.wait_group.read 0;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_cg_async_cg_shared_global_16(uint32_t __dst_mem, const void* __src_mem) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :  : "r"(__dst_mem), "l"(__src_mem) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group(const void* __dst_mem, uint32_t __src_mem, uint32_t __size) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" :  : "l"(__dst_mem), "r"(__src_mem), "r"(__size) : "memory");
}

__forceinline__ __device__ unsigned int tvm_builtin_cuda_cvta_generic_to_shared(void* p) {
    return __cvta_generic_to_shared(p);
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_0() {
  asm volatile("cp.async.bulk.wait_group 0;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group() {
  asm volatile("cp.async.bulk.commit_group;" :  : );
}
extern "C" __global__ void __launch_bounds__(128) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr);
extern "C" __global__ void __launch_bounds__(128) main_kernel(float* __restrict__ A_ptr, float* __restrict__ B_ptr) {
  tvm_builtin_ptx_griddepcontrol_wait();
  __shared__ alignas(128) float A_shared_ptr[3072];
  __shared__ alignas(128) float B_shared_ptr[2048];
  __shared__ alignas(8) uint64_t tma_bar_q0_ptr[3];
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)129);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)129);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)129);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)4096);
  }
  int cse_v1 = (((int)threadIdx.x) * 64);
  int cse_v2 = (((int)threadIdx.x) * 256);
  int cse_v3 = (((int)blockIdx.x) * 64);
  int cse_v10 = ((((int)threadIdx.x) * 256) + (((int)blockIdx.x) * 64));
  if (((int)threadIdx.x) < 16) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_ptr[(((int)threadIdx.x) * 64)]))), (&(A_ptr[((((int)threadIdx.x) * 256) + (((int)blockIdx.x) * 64))])), (uint)256, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  }
  tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)4096);
  }
  if (((int)threadIdx.x) < 16) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_ptr[((((int)threadIdx.x) * 64) + 1024)]))), (&(A_ptr[(((((int)threadIdx.x) * 256) + (((int)blockIdx.x) * 64)) + 4096)])), (uint)256, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  }
  tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)4096);
  }
  if (((int)threadIdx.x) < 16) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_ptr[((((int)threadIdx.x) * 64) + 2048)]))), (&(A_ptr[(((((int)threadIdx.x) * 256) + (((int)blockIdx.x) * 64)) + 8192)])), (uint)256, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  }
  tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  for (int stage = 0; stage < 1; ++stage) {
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[0])), 0);
  }
  for (int i_1_j_1_fused_0 = 0; i_1_j_1_fused_0 < 8; ++i_1_j_1_fused_0) {
    int cse_v11 = ((i_1_j_1_fused_0 * 128) + ((int)threadIdx.x));
    B_shared_ptr[((i_1_j_1_fused_0 * 128) + ((int)threadIdx.x))] = (A_shared_ptr[((i_1_j_1_fused_0 * 128) + ((int)threadIdx.x))] * 0x1p+1f/*2.000000e+00*/);
  }
  int cse_v6 = (((int)threadIdx.x) >> 5);
  int cse_v7 = (((int)threadIdx.x) * 4);
  int cse_v13 = ((((int)threadIdx.x) >> 4) * 256);
  int cse_v14 = ((((int)threadIdx.x) & 15) * 4);
  for (int i_0 = 0; i_0 < 13; ++i_0) {
    __syncthreads();
    int cse_v4 = (i_0 % 3);
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(i_0 % 3)]))), ((i_0 < 12) ? (uint)4096 : (uint)0));
    }
    int cse_v5 = (i_0 * 4096);
    int cse_v12 = ((i_0 % 3) * 1024);
    if (i_0 < 12) {
      if (((int)threadIdx.x) < 16) {
        tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_ptr[(((i_0 % 3) * 1024) + (((int)threadIdx.x) * 64))]))), (&(A_ptr[((((i_0 * 4096) + (((int)threadIdx.x) * 256)) + (((int)blockIdx.x) * 64)) + 12288)])), (uint)256, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(i_0 % 3)]))));
      }
    } else {
      for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 2; ++ax0_ax1_fused_0) {
        if ((((i_0 * 8) + (ax0_ax1_fused_0 * 4)) + (((int)threadIdx.x) >> 5)) < 101) {
          tvm_builtin_ptx_cp_async_cg_async_cg_shared_global_16(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_ptr[((((i_0 % 3) * 1024) + (ax0_ax1_fused_0 * 512)) + (((int)threadIdx.x) * 4))]))), (&(A_ptr[((((((i_0 * 4096) + (ax0_ax1_fused_0 * 2048)) + ((((int)threadIdx.x) >> 4) * 256)) + (((int)blockIdx.x) * 64)) + ((((int)threadIdx.x) & 15) * 4)) + 12288)])));
        }
      }
    }
    tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[(i_0 % 3)]))));
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_0();
    }
    __syncthreads();
    int cse_v8 = (i_0 + 1);
    int cse_v15 = ((i_0 + 1) % 3);
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[((i_0 + 1) % 3)])), (((i_0 + 1) % 6) / 3));
    for (int i_1_j_1_fused_0_1 = 0; i_1_j_1_fused_0_1 < 8; ++i_1_j_1_fused_0_1) {
      int cse_v9 = (i_1_j_1_fused_0_1 * 128);
      B_shared_ptr[(((((i_0 + 1) & 1) * 1024) + (i_1_j_1_fused_0_1 * 128)) + ((int)threadIdx.x))] = (A_shared_ptr[(((((i_0 + 1) % 3) * 1024) + (i_1_j_1_fused_0_1 * 128)) + ((int)threadIdx.x))] * 0x1p+1f/*2.000000e+00*/);
    }
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    __syncthreads();
    if (((int)threadIdx.x) == 0) {
      for (int bulk_round = 0; bulk_round < 16; ++bulk_round) {
        tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[(((i_0 * 4096) + (bulk_round * 256)) + (((int)blockIdx.x) * 64))])), tvm_builtin_cuda_cvta_generic_to_shared((&(B_shared_ptr[(((i_0 & 1) * 1024) + (bulk_round * 64))]))), (uint)256);
      }
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_0();
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_0();
  }
  __syncthreads();
  for (int stage_1 = 0; stage_1 < 1; ++stage_1) {
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[2])), 0);
  }
  for (int i_1_j_1_fused_0_2 = 0; i_1_j_1_fused_0_2 < 8; ++i_1_j_1_fused_0_2) {
    int cse_v16 = ((i_1_j_1_fused_0_2 * 128) + ((int)threadIdx.x));
    B_shared_ptr[((i_1_j_1_fused_0_2 * 128) + ((int)threadIdx.x))] = (A_shared_ptr[(((i_1_j_1_fused_0_2 * 128) + ((int)threadIdx.x)) + 2048)] * 0x1p+1f/*2.000000e+00*/);
  }
  tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    for (int bulk_round_1 = 0; bulk_round_1 < 16; ++bulk_round_1) {
      tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[(((bulk_round_1 * 256) + (((int)blockIdx.x) * 64)) + 53248)])), tvm_builtin_cuda_cvta_generic_to_shared((&(B_shared_ptr[((bulk_round_1 * 64) + 1024)]))), (uint)256);
    }
    tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_0();
  }
  __syncthreads();
  for (int stage_2 = 0; stage_2 < 1; ++stage_2) {
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[0])), 1);
  }
  for (int i_1_j_1_fused_0_3 = 0; i_1_j_1_fused_0_3 < 8; ++i_1_j_1_fused_0_3) {
    if (i_1_j_1_fused_0_3 < 5) {
      int cse_v17 = ((i_1_j_1_fused_0_3 * 128) + ((int)threadIdx.x));
      B_shared_ptr[(((i_1_j_1_fused_0_3 * 128) + ((int)threadIdx.x)) + 1024)] = (A_shared_ptr[((i_1_j_1_fused_0_3 * 128) + ((int)threadIdx.x))] * 0x1p+1f/*2.000000e+00*/);
    }
  }
  tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    for (int bulk_round_2 = 0; bulk_round_2 < 16; ++bulk_round_2) {
      tvm_builtin_ptx_cp_async_bulk_s2g_async_bulk_global_shared__cta_bulk_group((&(B_ptr[(((bulk_round_2 * 256) + (((int)blockIdx.x) * 64)) + 57344)])), tvm_builtin_cuda_cvta_generic_to_shared((&(B_shared_ptr[(bulk_round_2 * 64)]))), (uint)256);
    }
    tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_read_0();
  }
  __syncthreads();
  tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
  }
  for (int ax0_ax1_fused_0_1 = 0; ax0_ax1_fused_0_1 < 2; ++ax0_ax1_fused_0_1) {
    if (((ax0_ax1_fused_0_1 * 4) + (((int)threadIdx.x) >> 5)) < 5) {
      *(float4*)(B_ptr + (((((ax0_ax1_fused_0_1 * 2048) + ((((int)threadIdx.x) >> 4) * 256)) + (((int)blockIdx.x) * 64)) + ((((int)threadIdx.x) & 15) * 4)) + 61440)) = *(float4*)(B_shared_ptr + (((ax0_ax1_fused_0_1 * 512) + (((int)threadIdx.x) * 4)) + 1024));
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
  }
}
