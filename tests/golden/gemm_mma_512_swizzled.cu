__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(uint32_t __dst_mem, const void* __tmap, int32_t __coords0, int32_t __coords1, uint32_t __mbar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" :  : "r"(__dst_mem), "l"(__tmap), "r"(__coords0), "r"(__coords1), "r"(__mbar) : "memory");
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
__forceinline__ __device__ void tvm_builtin_ptx_prefetch_tensormap(const void* __addr) {
  asm volatile("prefetch.tensormap [%0];" :  : "l"(__addr) : "memory");
}

__forceinline__ __device__ unsigned int tvm_builtin_cuda_cvta_generic_to_shared(void* p) {
    return __cvta_generic_to_shared(p);
}
__forceinline__ __device__ void tvm_builtin_ptx_griddepcontrol_wait() {
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
}
extern "C" __global__ void __launch_bounds__(128) main_kernel(const __grid_constant__ CUtensorMap A_tmap0, const __grid_constant__ CUtensorMap B_tmap1, float* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(128) main_kernel(const __grid_constant__ CUtensorMap A_tmap0, const __grid_constant__ CUtensorMap B_tmap1, float* __restrict__ C_ptr) {
  tvm_builtin_ptx_griddepcontrol_wait();
  extern __shared__ __align__(1024) uchar buf_dyn_shmem_ptr[];
  alignas(64) float C_warp_ptr[128];
  __shared__ alignas(8) uint64_t tma_bar_q0_ptr[4];
  alignas(64) half A_shared_dyn_warp_ptr[2048];
  alignas(64) half B_shared_dyn_warp_ptr[512];
  alignas(64) half A_shared_dyn_warp_ptr_1[2048];
  alignas(64) half B_shared_dyn_warp_ptr_1[512];
  for (int i_0_3_init = 0; i_0_3_init < 4; ++i_0_3_init) {
    for (int i_0_4_init = 0; i_0_4_init < 2; ++i_0_4_init) {
      for (int j_0_4_init = 0; j_0_4_init < 2; ++j_0_4_init) {
        for (int i = 0; i < 8; ++i) {
C_warp_ptr[(((i_0_3_init * 32) + (i_0_4_init * 16)) + (j_0_4_init * 8)) + i] = 0.0;}
;
      }
    }
  }
  int cse_v1 = (((int)threadIdx.y) * 32);
  int cse_v12 = ((((int)threadIdx.y) * 32) + ((int)threadIdx.x));
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))), (uint)1);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(A_tmap0)))));
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(B_tmap1)))));
  }
  __syncthreads();
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)16384);
  }
  int cse_v2 = (((int)blockIdx.y) >> 1);
  int cse_v13 = ((((int)blockIdx.y) >> 1) * 128);
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[0]))), ((void*)((unsigned long long)(&(A_tmap0)))), 0, ((((int)blockIdx.y) >> 1) * 128), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  }
  int cse_v3 = (((int)blockIdx.x) * 256);
  int cse_v14 = ((((int)blockIdx.y) & 1) * 128);
  int cse_v27 = ((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128));
  int cse_v35 = (((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)) + 64);
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[16384]))), ((void*)((unsigned long long)(&(B_tmap1)))), ((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)), 0, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[18432]))), ((void*)((unsigned long long)(&(B_tmap1)))), (((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)) + 64), 0, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  }
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)16384);
  }
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[4096]))), ((void*)((unsigned long long)(&(A_tmap0)))), 32, ((((int)blockIdx.y) >> 1) * 128), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  }
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[20480]))), ((void*)((unsigned long long)(&(B_tmap1)))), ((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)), 32, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[22528]))), ((void*)((unsigned long long)(&(B_tmap1)))), (((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)) + 64), 32, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  }
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)16384);
  }
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[8192]))), ((void*)((unsigned long long)(&(A_tmap0)))), 64, ((((int)blockIdx.y) >> 1) * 128), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  }
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[24576]))), ((void*)((unsigned long long)(&(B_tmap1)))), ((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)), 64, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
    tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[26624]))), ((void*)((unsigned long long)(&(B_tmap1)))), (((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)) + 64), 64, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  }
  int cse_v5 = (((int)threadIdx.x) * 8);
  int cse_v6 = (((int)threadIdx.x) & 15);
  int cse_v7 = (((int)threadIdx.x) & 7);
  int cse_v18 = ((((int)threadIdx.x) & 15) * 32);
  int cse_v19 = ((((int)threadIdx.x) >> 4) * 8);
  int cse_v20 = ((((int)threadIdx.y) >> 1) * 2048);
  int cse_v21 = ((((int)threadIdx.x) & 15) * 64);
  int cse_v22 = ((((int)threadIdx.x) & 7) * 8);
  int cse_v29 = (((((int)threadIdx.x) & 15) >> 1) * 64);
  int cse_v30 = (((((int)threadIdx.x) & 7) >> 1) * 8);
  for (int k_0_0 = 0; k_0_0 < 13; ++k_0_0) {
    __syncthreads();
    int cse_v15 = ((k_0_0 + 3) & 3);
    if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
      tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((k_0_0 + 3) & 3)]))), (uint)16384);
    }
    int cse_v16 = ((k_0_0 * 32) + 96);
    int cse_v28 = (((k_0_0 + 3) & 3) * 4096);
    if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
      tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((k_0_0 + 3) & 3) * 4096)]))), ((void*)((unsigned long long)(&(A_tmap0)))), ((k_0_0 * 32) + 96), ((((int)blockIdx.y) >> 1) * 128), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((k_0_0 + 3) & 3)]))));
    }
    if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
      tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((k_0_0 + 3) & 3) * 4096) + 16384)]))), ((void*)((unsigned long long)(&(B_tmap1)))), ((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)), ((k_0_0 * 32) + 96), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((k_0_0 + 3) & 3)]))));
      tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((k_0_0 + 3) & 3) * 4096) + 18432)]))), ((void*)((unsigned long long)(&(B_tmap1)))), (((((int)blockIdx.x) * 256) + ((((int)blockIdx.y) & 1) * 128)) + 64), ((k_0_0 * 32) + 96), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((k_0_0 + 3) & 3)]))));
    }
    int cse_v4 = (k_0_0 & 3);
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[(k_0_0 & 3)])), ((k_0_0 & 7) >> 2));
    for (int k_0_1 = 0; k_0_1 < 2; ++k_0_1) {
      int cse_v17 = ((k_0_0 & 3) * 4096);
      for (int ax0_0 = 0; ax0_0 < 8; ++ax0_0) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((k_0_0 & 3) * 4096) + (ax0_0 * 512)) + (((((int)threadIdx.x) & 15) >> 1) * 64)) + ((((((((int)threadIdx.x) & 15) * 32) + (k_0_1 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ (((((int)threadIdx.x) & 7) >> 1) * 8)))])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_dyn_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr + ((ax0_0 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
      }
      for (int ax1_0 = 0; ax1_0 < 2; ++ax1_0) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((((k_0_0 & 3) * 4096) + ((((int)threadIdx.y) >> 1) * 2048)) + (k_0_1 * 1024)) + ((((int)threadIdx.x) & 15) * 64)) + (((((((int)threadIdx.y) * 32) + (ax1_0 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ ((((int)threadIdx.x) & 7) * 8))) + 16384)])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_dyn_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr + ((ax1_0 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
      }
      for (int i_0_3 = 0; i_0_3 < 4; ++i_0_3) {
        for (int i_0_4 = 0; i_0_4 < 2; ++i_0_4) {
          for (int j_0_4 = 0; j_0_4 < 2; ++j_0_4) {
            int cse_v8 = (j_0_4 * 256);
            int cse_v23 = ((j_0_4 * 256) + (((int)threadIdx.x) * 8));
            int cse_v31 = (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8));
            int cse_v36 = ((((i_0_3 * 1024) + (i_0_4 * 512)) + (j_0_4 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[0]), "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[1]), "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[2]), "=f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr + ((j_0_4 * 256) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr + ((j_0_4 * 256) + (((int)threadIdx.x) * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[0]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[2]), "f"(((float *)(C_warp_ptr + (((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[0]), "=f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[1]), "=f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[2]), "=f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr + (((i_0_3 * 512) + (i_0_4 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr + (((j_0_4 * 256) + (((int)threadIdx.x) * 8)) + 4)))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr + (((j_0_4 * 256) + (((int)threadIdx.x) * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[0]), "f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[2]), "f"(((float *)(C_warp_ptr + ((((i_0_3 * 32) + (i_0_4 * 16)) + (j_0_4 * 8)) + 4)))[3]));
  }
          }
        }
      }
    }
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[1])), 1);
  for (int k_0_1_1 = 0; k_0_1_1 < 2; ++k_0_1_1) {
    for (int ax0_0_1 = 0; ax0_0_1 < 8; ++ax0_0_1) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((ax0_0_1 * 512) + (((((int)threadIdx.x) & 15) >> 1) * 64)) + ((((((((int)threadIdx.x) & 15) * 32) + (k_0_1_1 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ (((((int)threadIdx.x) & 7) >> 1) * 8))) + 4096)])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_1 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_1 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_1 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_1 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
    }
    for (int ax1_0_1 = 0; ax1_0_1 < 2; ++ax1_0_1) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.y) >> 1) * 2048) + (k_0_1_1 * 1024)) + ((((int)threadIdx.x) & 15) * 64)) + (((((((int)threadIdx.y) * 32) + (ax1_0_1 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ ((((int)threadIdx.x) & 7) * 8))) + 20480)])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_1 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_1 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_1 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_1 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
    }
    for (int i_0_3_1 = 0; i_0_3_1 < 4; ++i_0_3_1) {
      for (int i_0_4_1 = 0; i_0_4_1 < 2; ++i_0_4_1) {
        for (int j_0_4_1 = 0; j_0_4_1 < 2; ++j_0_4_1) {
          int cse_v9 = (j_0_4_1 * 256);
          int cse_v24 = ((j_0_4_1 * 256) + (((int)threadIdx.x) * 8));
          int cse_v32 = (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8));
          int cse_v37 = ((((i_0_3_1 * 1024) + (i_0_4_1 * 512)) + (j_0_4_1 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[0]), "=f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[1]), "=f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[2]), "=f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((j_0_4_1 * 256) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((j_0_4_1 * 256) + (((int)threadIdx.x) * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[0]), "f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[2]), "f"(((float *)(C_warp_ptr + (((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[0]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[1]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[2]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_1 * 512) + (i_0_4_1 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + (((j_0_4_1 * 256) + (((int)threadIdx.x) * 8)) + 4)))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + (((j_0_4_1 * 256) + (((int)threadIdx.x) * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[0]), "f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[2]), "f"(((float *)(C_warp_ptr + ((((i_0_3_1 * 32) + (i_0_4_1 * 16)) + (j_0_4_1 * 8)) + 4)))[3]));
  }
        }
      }
    }
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[2])), 1);
  for (int k_0_1_2 = 0; k_0_1_2 < 2; ++k_0_1_2) {
    for (int ax0_0_2 = 0; ax0_0_2 < 8; ++ax0_0_2) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((ax0_0_2 * 512) + (((((int)threadIdx.x) & 15) >> 1) * 64)) + ((((((((int)threadIdx.x) & 15) * 32) + (k_0_1_2 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ (((((int)threadIdx.x) & 7) >> 1) * 8))) + 8192)])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_2 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_2 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_2 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_2 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
    }
    for (int ax1_0_2 = 0; ax1_0_2 < 2; ++ax1_0_2) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.y) >> 1) * 2048) + (k_0_1_2 * 1024)) + ((((int)threadIdx.x) & 15) * 64)) + (((((((int)threadIdx.y) * 32) + (ax1_0_2 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ ((((int)threadIdx.x) & 7) * 8))) + 24576)])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_2 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_2 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_2 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_2 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
    }
    for (int i_0_3_2 = 0; i_0_3_2 < 4; ++i_0_3_2) {
      for (int i_0_4_2 = 0; i_0_4_2 < 2; ++i_0_4_2) {
        for (int j_0_4_2 = 0; j_0_4_2 < 2; ++j_0_4_2) {
          int cse_v10 = (j_0_4_2 * 256);
          int cse_v25 = ((j_0_4_2 * 256) + (((int)threadIdx.x) * 8));
          int cse_v33 = (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8));
          int cse_v38 = ((((i_0_3_2 * 1024) + (i_0_4_2 * 512)) + (j_0_4_2 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[0]), "=f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[1]), "=f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[2]), "=f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((j_0_4_2 * 256) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((j_0_4_2 * 256) + (((int)threadIdx.x) * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[0]), "f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[2]), "f"(((float *)(C_warp_ptr + (((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[0]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[1]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[2]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_2 * 512) + (i_0_4_2 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + (((j_0_4_2 * 256) + (((int)threadIdx.x) * 8)) + 4)))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + (((j_0_4_2 * 256) + (((int)threadIdx.x) * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[0]), "f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[2]), "f"(((float *)(C_warp_ptr + ((((i_0_3_2 * 32) + (i_0_4_2 * 16)) + (j_0_4_2 * 8)) + 4)))[3]));
  }
        }
      }
    }
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[3])), 1);
  for (int k_0_1_3 = 0; k_0_1_3 < 2; ++k_0_1_3) {
    for (int ax0_0_3 = 0; ax0_0_3 < 8; ++ax0_0_3) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((ax0_0_3 * 512) + (((((int)threadIdx.x) & 15) >> 1) * 64)) + ((((((((int)threadIdx.x) & 15) * 32) + (k_0_1_3 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ (((((int)threadIdx.x) & 7) >> 1) * 8))) + 12288)])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_3 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_3 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_3 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + ((ax0_0_3 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
    }
    for (int ax1_0_3 = 0; ax1_0_3 < 2; ++ax1_0_3) {

  {
    unsigned int addr = __cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.y) >> 1) * 2048) + (k_0_1_3 * 1024)) + ((((int)threadIdx.x) & 15) * 64)) + (((((((int)threadIdx.y) * 32) + (ax1_0_3 * 16)) + ((((int)threadIdx.x) >> 4) * 8)) & 63) ^ ((((int)threadIdx.x) & 7) * 8))) + 28672)])) + 0);
    __asm__ __volatile__(
      "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"
      "{%0, %1, %2, %3}, [%4];\n"
      : "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_3 * 256) + (((int)threadIdx.x) * 8))))[0]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_3 * 256) + (((int)threadIdx.x) * 8))))[1]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_3 * 256) + (((int)threadIdx.x) * 8))))[2]), "=r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((ax1_0_3 * 256) + (((int)threadIdx.x) * 8))))[3])
      : "r"(addr)
    );
  }
    }
    for (int i_0_3_3 = 0; i_0_3_3 < 4; ++i_0_3_3) {
      for (int i_0_4_3 = 0; i_0_4_3 < 2; ++i_0_4_3) {
        for (int j_0_4_3 = 0; j_0_4_3 < 2; ++j_0_4_3) {
          int cse_v11 = (j_0_4_3 * 256);
          int cse_v26 = ((j_0_4_3 * 256) + (((int)threadIdx.x) * 8));
          int cse_v34 = (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8));
          int cse_v39 = ((((i_0_3_3 * 1024) + (i_0_4_3 * 512)) + (j_0_4_3 * 256)) + (((int)threadIdx.x) * 8));

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[0]), "=f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[1]), "=f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[2]), "=f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((j_0_4_3 * 256) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + ((j_0_4_3 * 256) + (((int)threadIdx.x) * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[0]), "f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[1]), "f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[2]), "f"(((float *)(C_warp_ptr + (((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8))))[3]));
  }

  {
    __asm__ __volatile__(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
      "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%10, %11, %12, %13};\n"
      :  "=f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[0]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[1]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[2]), "=f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[3])
      : "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[0]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[1]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[2]), "r"(((unsigned *)(A_shared_dyn_warp_ptr_1 + (((i_0_3_3 * 512) + (i_0_4_3 * 256)) + (((int)threadIdx.x) * 8))))[3]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + (((j_0_4_3 * 256) + (((int)threadIdx.x) * 8)) + 4)))[0]), "r"(((unsigned *)(B_shared_dyn_warp_ptr_1 + (((j_0_4_3 * 256) + (((int)threadIdx.x) * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[0]), "f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[1]), "f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[2]), "f"(((float *)(C_warp_ptr + ((((i_0_3_3 * 32) + (i_0_4_3 * 16)) + (j_0_4_3 * 8)) + 4)))[3]));
  }
        }
      }
    }
  }
  __syncthreads();
  if (((((int)threadIdx.y) * 32) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))));
  }
  for (int ax0_0_4 = 0; ax0_0_4 < 8; ++ax0_0_4) {
    for (int ax1_0_4 = 0; ax1_0_4 < 2; ++ax1_0_4) {
      for (int local_id = 0; local_id < 8; ++local_id) {
(&(C_ptr[(((((((((int)blockIdx.y) >> 1) * 65536) + (ax0_0_4 * 8192)) + (((int)blockIdx.x) * 256)) + ((((int)blockIdx.y) & 1) * 128)) + (((int)threadIdx.y) * 32)) + (ax1_0_4 * 16))]))[((((((local_id % 4) / 2) * 8) + (threadIdx.x / 4)) * 512) + ((((local_id / 4) * 8) + ((threadIdx.x % 4) * 2)) + (local_id % 2)))] = C_warp_ptr[((ax0_0_4 * 16) + (ax1_0_4 * 8)) + local_id];
}
;
    }
  }
}
