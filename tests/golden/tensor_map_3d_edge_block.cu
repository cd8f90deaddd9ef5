__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_3d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(uint32_t __dst_mem, const void* __tmap, int32_t __coords0, int32_t __coords1, int32_t __coords2, uint32_t __mbar) {
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];" :  : "r"(__dst_mem), "l"(__tmap), "r"(__coords0), "r"(__coords1), "r"(__coords2), "r"(__mbar) : "memory");
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
extern "C" __global__ void __launch_bounds__(128) main_kernel(const __grid_constant__ CUtensorMap A_tmap0, half* __restrict__ B_ptr);
extern "C" __global__ void __launch_bounds__(128) main_kernel(const __grid_constant__ CUtensorMap A_tmap0, half* __restrict__ B_ptr) {
  tvm_builtin_ptx_griddepcontrol_wait();
  __shared__ alignas(8) uint64_t tma_bar_copy0_ptr[1];
  __shared__ alignas(128) half A_shared_ptr[1024];
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))), (uint)1);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(A_tmap0)))));
  }
  __syncthreads();
  for (int j_0 = 0; j_0 < 5; ++j_0) {
    __syncthreads();
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))), (uint)2048);
    }
    int cse_v1 = (((int)blockIdx.x) * 64);
    int cse_v2 = (j_0 * 8);
    int cse_v3 = (((int)blockIdx.y) * 2);
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_3d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_ptr[0]))), ((void*)((unsigned long long)(&(A_tmap0)))), (((int)blockIdx.x) * 64), (j_0 * 8), (((int)blockIdx.y) * 2), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))));
    }
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_copy0_ptr[0])), (j_0 & 1));
    for (int i_1_j_1_k_1_fused_0 = 0; i_1_j_1_k_1_fused_0 < 8; ++i_1_j_1_k_1_fused_0) {
      int cse_v4 = (i_1_j_1_k_1_fused_0 >> 2);
      int cse_v5 = (i_1_j_1_k_1_fused_0 & 3);
      int cse_v6 = (((int)threadIdx.x) >> 6);
      int cse_v7 = (((int)threadIdx.x) & 63);
      if (((((((int)blockIdx.y) * 2) + (i_1_j_1_k_1_fused_0 >> 2)) < 5) && ((((j_0 * 8) + ((i_1_j_1_k_1_fused_0 & 3) * 2)) + (((int)threadIdx.x) >> 6)) < 37)) && (((((int)blockIdx.x) * 2) + ((((int)threadIdx.x) & 63) >> 5)) < 3)) {
        B_ptr[(((((((((int)blockIdx.y) * 7104) + ((i_1_j_1_k_1_fused_0 >> 2) * 3552)) + (j_0 * 768)) + ((i_1_j_1_k_1_fused_0 & 3) * 192)) + ((((int)threadIdx.x) >> 6) * 96)) + (((int)blockIdx.x) * 64)) + (((int)threadIdx.x) & 63))] = (A_shared_ptr[((i_1_j_1_k_1_fused_0 * 128) + ((int)threadIdx.x))] * __float2half_rn(0x1p+1f/*2.000000e+00*/));
      }
    }
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))));
  }
}
