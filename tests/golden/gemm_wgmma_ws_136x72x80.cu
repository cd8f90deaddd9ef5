__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_tensor_s2g_async_bulk_tensor_2d_global_shared__cta_tile_bulk_group(const void* __tmap, int32_t __coords0, int32_t __coords1, uint32_t __src_mem) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" :  : "l"(__tmap), "r"(__coords0), "r"(__coords1), "r"(__src_mem) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_1() {
  asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_griddepcontrol_wait() {
  asm volatile("griddepcontrol.wait;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_0() {
  asm volatile("cp.async.bulk.wait_group 0;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group() {
  asm volatile("cp.async.bulk.commit_group;" :  : );
}

__forceinline__ __device__ unsigned int tvm_builtin_cuda_cvta_generic_to_shared(void* p) {
    return __cvta_generic_to_shared(p);
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_init_init_shared_b64(uint32_t __addr, uint32_t __count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" :  : "r"(__addr), "r"(__count) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta() {
  asm volatile("fence.proxy.async.shared::cta;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_setmaxnreg_dec_sync_aligned_u32_40() {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 40;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_bar_sync_count_sync(uint32_t __a, uint32_t __b) {
  asm volatile("bar.sync %0, %1;" :  : "r"(__a), "r"(__b) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(uint32_t __addr, uint32_t __tx_count) {
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :  : "r"(__addr), "r"(__tx_count) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0() {
  asm volatile("wgmma.wait_group.sync.aligned 0;" :  :  : "memory");
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
__forceinline__ __device__ void tvm_builtin_ptx_setmaxnreg_inc_sync_aligned_u32_256() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 256;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_fence_fence_sync_aligned() {
  asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_prefetch_tensormap(const void* __addr) {
  asm volatile("prefetch.tensormap [%0];" :  : "l"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_0_1(float& __d0, float& __d1, float& __d2, float& __d3, float& __d4, float& __d5, float& __d6, float& __d7, float& __d8, float& __d9, float& __d10, float& __d11, float& __d12, float& __d13, float& __d14, float& __d15, float& __d16, float& __d17, float& __d18, float& __d19, float& __d20, float& __d21, float& __d22, float& __d23, float& __d24, float& __d25, float& __d26, float& __d27, float& __d28, float& __d29, float& __d30, float& __d31, uint64_t __a_desc, uint64_t __b_desc, uint32_t __scale_d) {
  asm volatile("{ .reg .pred ps0; setp.ne.b32 ps0, %34, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, ps0, 1, 1, 0, 1; }" : "+f"(__d0), "+f"(__d1), "+f"(__d2), "+f"(__d3), "+f"(__d4), "+f"(__d5), "+f"(__d6), "+f"(__d7), "+f"(__d8), "+f"(__d9), "+f"(__d10), "+f"(__d11), "+f"(__d12), "+f"(__d13), "+f"(__d14), "+f"(__d15), "+f"(__d16), "+f"(__d17), "+f"(__d18), "+f"(__d19), "+f"(__d20), "+f"(__d21), "+f"(__d22), "+f"(__d23), "+f"(__d24), "+f"(__d25), "+f"(__d26), "+f"(__d27), "+f"(__d28), "+f"(__d29), "+f"(__d30), "+f"(__d31) : "l"(__a_desc), "l"(__b_desc), "r"(__scale_d));
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(uint32_t __dst_mem, const void* __tmap, int32_t __coords0, int32_t __coords1, uint32_t __mbar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" :  : "r"(__dst_mem), "l"(__tmap), "r"(__coords0), "r"(__coords1), "r"(__mbar) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned() {
  asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
}
extern "C" __global__ void __launch_bounds__(256, 1) main_kernel(const __grid_constant__ CUtensorMap A_tmap0, const __grid_constant__ CUtensorMap B_tmap1, const __grid_constant__ CUtensorMap C_out_tmap2);
extern "C" __global__ void __launch_bounds__(256, 1) main_kernel(const __grid_constant__ CUtensorMap A_tmap0, const __grid_constant__ CUtensorMap B_tmap1, const __grid_constant__ CUtensorMap C_out_tmap2) {
  tvm_builtin_ptx_griddepcontrol_wait();
  extern __shared__ __align__(1024) uchar buf_dyn_shmem_ptr[];
  int cse_v6 = ((((int)threadIdx.y) * 128) + ((int)threadIdx.x));
  if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(C_out_tmap2)))));
  }
  alignas(64) float C_local_ptr[32];
  __shared__ alignas(8) uint64_t tma_full_ptr[3];
  __shared__ alignas(8) uint64_t tma_empty_ptr[3];
  if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[0]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[1]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[2]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[0]))), (uint)128);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[1]))), (uint)128);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[2]))), (uint)128);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(A_tmap0)))));
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(B_tmap1)))));
  }
  __syncthreads();
  int cse_v3 = (((int)blockIdx.y) * 64);
  int cse_v4 = (((int)blockIdx.x) * 64);
  if ((((int)threadIdx.y) == 1)) {
    tvm_builtin_ptx_setmaxnreg_dec_sync_aligned_u32_40();
    if (((int)threadIdx.x) == 0) {
      for (int k_0 = 0; k_0 < 3; ++k_0) {
        tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[k_0]))), (uint)8192);
        int cse_v1 = (k_0 * 2048);
        int cse_v2 = (k_0 * 32);
        tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((k_0 * 2048) + 6144)]))), ((void*)((unsigned long long)(&(A_tmap0)))), (k_0 * 32), (((int)blockIdx.y) * 64), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[k_0]))));
        tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_2d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(k_0 * 2048)]))), ((void*)((unsigned long long)(&(B_tmap1)))), (((int)blockIdx.x) * 64), (k_0 * 32), tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[k_0]))));
      }
    }
    return;
  } else {
    tvm_builtin_ptx_setmaxnreg_inc_sync_aligned_u32_256();
    #pragma unroll
    for (int r = 0; r < 32; ++r) {
      C_local_ptr[r] = 0x0p+0f/*0.000000e+00*/;
    }
    for (int k_0_1 = 0; k_0_1 < 3; ++k_0_1) {
      tvm_builtin_cuda_mbarrier_wait((&(tma_full_ptr[k_0_1])), 0);
      tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
      int cse_v5 = (k_0_1 * 2048);
      int cse_v7 = (6144 - (k_0_1 * 2048));
      tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_0_1(C_local_ptr[0], C_local_ptr[1], C_local_ptr[2], C_local_ptr[3], C_local_ptr[4], C_local_ptr[5], C_local_ptr[6], C_local_ptr[7], C_local_ptr[8], C_local_ptr[9], C_local_ptr[10], C_local_ptr[11], C_local_ptr[12], C_local_ptr[13], C_local_ptr[14], C_local_ptr[15], C_local_ptr[16], C_local_ptr[17], C_local_ptr[18], C_local_ptr[19], C_local_ptr[20], C_local_ptr[21], C_local_ptr[22], C_local_ptr[23], C_local_ptr[24], C_local_ptr[25], C_local_ptr[26], C_local_ptr[27], C_local_ptr[28], C_local_ptr[29], C_local_ptr[30], C_local_ptr[31], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((k_0_1 * 2048) + 6144)]))) >> (uint)4) & (uint)16383)) | (uint64_t)9223372174293794816ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(k_0_1 * 2048)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293322072064ULL), (bool)1);
      tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_0_1(C_local_ptr[0], C_local_ptr[1], C_local_ptr[2], C_local_ptr[3], C_local_ptr[4], C_local_ptr[5], C_local_ptr[6], C_local_ptr[7], C_local_ptr[8], C_local_ptr[9], C_local_ptr[10], C_local_ptr[11], C_local_ptr[12], C_local_ptr[13], C_local_ptr[14], C_local_ptr[15], C_local_ptr[16], C_local_ptr[17], C_local_ptr[18], C_local_ptr[19], C_local_ptr[20], C_local_ptr[21], C_local_ptr[22], C_local_ptr[23], C_local_ptr[24], C_local_ptr[25], C_local_ptr[26], C_local_ptr[27], C_local_ptr[28], C_local_ptr[29], C_local_ptr[30], C_local_ptr[31], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((k_0_1 * 2048) + 6160)]))) >> (uint)4) & (uint)16383)) | (uint64_t)9223372174293794816ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((k_0_1 * 2048) + 1024)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293322072064ULL), (bool)1);
      tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
      tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_1();
      if (1 <= k_0_1) {
        tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[((k_0_1 + 2) % 3)]))));
      }
    }
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[2]))));
  }
  if ((((int)threadIdx.y) < 1)) {
    tvm_builtin_ptx_bar_sync_count_sync((uint)1, (uint)128);
    int cse_v8 = ((((int)threadIdx.x) >> 5) * 8);
    int cse_v9 = ((((int)threadIdx.x) & 3) * 2);
    int cse_v10 = ((((int)threadIdx.x) & 31) >> 2);
    int cse_v11 = (((((int)threadIdx.x) & 31) >> 2) * 4);
    int cse_v12 = (((((int)threadIdx.x) & 31) >> 2) * 32);
    int cse_v13 = (((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v21 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + (((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v29 = (((((int)threadIdx.x) >> 5) * 8) + ((((((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + ((((((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + (((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[0];
    int cse_v14 = ((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v22 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v30 = (((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[1];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + ((((((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + (((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[2];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[3];
    int cse_v15 = ((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v23 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v31 = (((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[4];
    int cse_v16 = ((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v24 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v32 = (((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[5];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[6];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[7];
    int cse_v17 = ((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v25 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v33 = (((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[8];
    int cse_v18 = ((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v26 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v34 = (((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[9];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[10];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[11];
    int cse_v19 = ((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v27 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v35 = (((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[12];
    int cse_v20 = ((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4));
    int cse_v28 = (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63);
    int cse_v36 = (((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1));
    ((float*)buf_dyn_shmem_ptr)[((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[13];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[14];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 4) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[15];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + ((((((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + (((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[16];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[17];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + ((((((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + (((((int)threadIdx.x) & 3) * 2) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[18];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 1) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[19];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[20];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[21];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 8) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[22];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 9) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[23];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[24];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[25];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 16) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[26];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 17) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[27];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[28];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 32) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[29];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 24) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[30];
    ((float*)buf_dyn_shmem_ptr)[(((((((((int)threadIdx.x) >> 5) * 8) + (((((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4)) >> 5) + ((((int)threadIdx.x) & 31) >> 2)) >> 1)) + 36) & 63) * 64) + (((((((int)threadIdx.x) & 31) >> 2) * 32) + ((((((int)threadIdx.x) & 3) * 2) + 25) ^ (((((int)threadIdx.x) & 31) >> 2) * 4))) & 63))] = C_local_ptr[31];
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    tvm_builtin_ptx_bar_sync_count_sync((uint)1, (uint)128);
    if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
      tvm_builtin_ptx_cp_async_bulk_tensor_s2g_async_bulk_tensor_2d_global_shared__cta_tile_bulk_group(((void*)((unsigned long long)(&(C_out_tmap2)))), (((int)blockIdx.x) * 64), (((int)blockIdx.y) * 64), tvm_builtin_cuda_cvta_generic_to_shared((&(((float*)buf_dyn_shmem_ptr)[0]))));
      tvm_builtin_ptx_cp_async_bulk_tensor_s2g_async_bulk_tensor_2d_global_shared__cta_tile_bulk_group(((void*)((unsigned long long)(&(C_out_tmap2)))), ((((int)blockIdx.x) * 64) + 32), (((int)blockIdx.y) * 64), tvm_builtin_cuda_cvta_generic_to_shared((&(((float*)buf_dyn_shmem_ptr)[2048]))));
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  }
  if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_0();
  }
}
