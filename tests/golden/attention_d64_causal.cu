__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_tensor_s2g_async_bulk_tensor_4d_global_shared__cta_tile_bulk_group(const void* __tmap, int32_t __coords0, int32_t __coords1, int32_t __coords2, int32_t __coords3, uint32_t __src_mem) {
  asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3, %4}], [%5];" :  : "l"(__tmap), "r"(__coords0), "r"(__coords1), "r"(__coords2), "r"(__coords3), "r"(__src_mem) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_stmatrix_sync_aligned_m8n8_x4_shared_b16(uint32_t __p, uint32_t __r0, uint32_t __r1, uint32_t __r2, uint32_t __r3) {
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :  : "r"(__p), "r"(__r0), "r"(__r1), "r"(__r2), "r"(__r3) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.arrive.shared.b64 _, [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_1() {
  asm volatile("wgmma.wait_group.sync.aligned 1;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(float& __d0, float& __d1, float& __d2, float& __d3, float& __d4, float& __d5, float& __d6, float& __d7, float& __d8, float& __d9, float& __d10, float& __d11, float& __d12, float& __d13, float& __d14, float& __d15, float& __d16, float& __d17, float& __d18, float& __d19, float& __d20, float& __d21, float& __d22, float& __d23, float& __d24, float& __d25, float& __d26, float& __d27, float& __d28, float& __d29, float& __d30, float& __d31, uint32_t __a0, uint32_t __a1, uint32_t __a2, uint32_t __a3, uint64_t __b_desc, uint32_t __scale_d) {
  asm volatile("{ .reg .pred ps0; setp.ne.b32 ps0, %37, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, {%32, %33, %34, %35}, %36, ps0, 1, 1, 1; }" : "+f"(__d0), "+f"(__d1), "+f"(__d2), "+f"(__d3), "+f"(__d4), "+f"(__d5), "+f"(__d6), "+f"(__d7), "+f"(__d8), "+f"(__d9), "+f"(__d10), "+f"(__d11), "+f"(__d12), "+f"(__d13), "+f"(__d14), "+f"(__d15), "+f"(__d16), "+f"(__d17), "+f"(__d18), "+f"(__d19), "+f"(__d20), "+f"(__d21), "+f"(__d22), "+f"(__d23), "+f"(__d24), "+f"(__d25), "+f"(__d26), "+f"(__d27), "+f"(__d28), "+f"(__d29), "+f"(__d30), "+f"(__d31) : "r"(__a0), "r"(__a1), "r"(__a2), "r"(__a3), "l"(__b_desc), "r"(__scale_d));
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned() {
  asm volatile("wgmma.commit_group.sync.aligned;" :  :  : "memory");
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
__forceinline__ __device__ void tvm_builtin_ptx_prefetch_tensormap(const void* __addr) {
  asm volatile("prefetch.tensormap [%0];" :  : "l"(__addr) : "memory");
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
__forceinline__ __device__ void tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(uint32_t& __d, float __a, float __b) {
  asm volatile("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(__d) : "f"(__a), "f"(__b));
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
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_4d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(uint32_t __dst_mem, const void* __tmap, int32_t __coords0, int32_t __coords1, int32_t __coords2, int32_t __coords3, uint32_t __mbar) {
  asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6];" :  : "r"(__dst_mem), "l"(__tmap), "r"(__coords0), "r"(__coords1), "r"(__coords2), "r"(__coords3), "r"(__mbar) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(uint32_t __addr, uint32_t __tx_count) {
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" :  : "r"(__addr), "r"(__tx_count) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_setmaxnreg_inc_sync_aligned_u32_232() {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 232;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_bar_sync_count_sync(uint32_t __a, uint32_t __b) {
  asm volatile("bar.sync %0, %1;" :  : "r"(__a), "r"(__b) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_bar_arrive_arrive(uint32_t __a, uint32_t __b) {
  asm volatile("bar.arrive %0, %1;" :  : "r"(__a), "r"(__b) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_ex2_approx_ftz_f32(float& __d, float __value) {
  asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(__d) : "f"(__value));
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_fence_fence_sync_aligned() {
  asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(float& __d0, float& __d1, float& __d2, float& __d3, float& __d4, float& __d5, float& __d6, float& __d7, float& __d8, float& __d9, float& __d10, float& __d11, float& __d12, float& __d13, float& __d14, float& __d15, float& __d16, float& __d17, float& __d18, float& __d19, float& __d20, float& __d21, float& __d22, float& __d23, float& __d24, float& __d25, float& __d26, float& __d27, float& __d28, float& __d29, float& __d30, float& __d31, float& __d32, float& __d33, float& __d34, float& __d35, float& __d36, float& __d37, float& __d38, float& __d39, float& __d40, float& __d41, float& __d42, float& __d43, float& __d44, float& __d45, float& __d46, float& __d47, float& __d48, float& __d49, float& __d50, float& __d51, float& __d52, float& __d53, float& __d54, float& __d55, float& __d56, float& __d57, float& __d58, float& __d59, float& __d60, float& __d61, float& __d62, float& __d63, uint64_t __a_desc, uint64_t __b_desc, uint32_t __scale_d) {
  asm volatile("{ .reg .pred ps0; setp.ne.b32 ps0, %66, 0; wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, ps0, 1, 1, 0, 0; }" : "+f"(__d0), "+f"(__d1), "+f"(__d2), "+f"(__d3), "+f"(__d4), "+f"(__d5), "+f"(__d6), "+f"(__d7), "+f"(__d8), "+f"(__d9), "+f"(__d10), "+f"(__d11), "+f"(__d12), "+f"(__d13), "+f"(__d14), "+f"(__d15), "+f"(__d16), "+f"(__d17), "+f"(__d18), "+f"(__d19), "+f"(__d20), "+f"(__d21), "+f"(__d22), "+f"(__d23), "+f"(__d24), "+f"(__d25), "+f"(__d26), "+f"(__d27), "+f"(__d28), "+f"(__d29), "+f"(__d30), "+f"(__d31), "+f"(__d32), "+f"(__d33), "+f"(__d34), "+f"(__d35), "+f"(__d36), "+f"(__d37), "+f"(__d38), "+f"(__d39), "+f"(__d40), "+f"(__d41), "+f"(__d42), "+f"(__d43), "+f"(__d44), "+f"(__d45), "+f"(__d46), "+f"(__d47), "+f"(__d48), "+f"(__d49), "+f"(__d50), "+f"(__d51), "+f"(__d52), "+f"(__d53), "+f"(__d54), "+f"(__d55), "+f"(__d56), "+f"(__d57), "+f"(__d58), "+f"(__d59), "+f"(__d60), "+f"(__d61), "+f"(__d62), "+f"(__d63) : "l"(__a_desc), "l"(__b_desc), "r"(__scale_d));
}
extern "C" __global__ void __launch_bounds__(384, 1) main_kernel(const __grid_constant__ CUtensorMap K_tmap0, float* __restrict__ LSE_ptr, const __grid_constant__ CUtensorMap O_tmap3, const __grid_constant__ CUtensorMap Q_tmap2, const __grid_constant__ CUtensorMap V_tmap1);
extern "C" __global__ void __launch_bounds__(384, 1) main_kernel(const __grid_constant__ CUtensorMap K_tmap0, float* __restrict__ LSE_ptr, const __grid_constant__ CUtensorMap O_tmap3, const __grid_constant__ CUtensorMap Q_tmap2, const __grid_constant__ CUtensorMap V_tmap1) {
  extern __shared__ __align__(1024) uchar buf_dyn_shmem_ptr[];
  __shared__ alignas(8) uint64_t tma_bar_copy0_ptr[1];
  int cse_v12 = ((((int)threadIdx.y) * 128) + ((int)threadIdx.x));
  if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))), (uint)1);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(Q_tmap2)))));
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(O_tmap3)))));
  }
  __syncthreads();
  alignas(64) float O_acc_ptr[32];
  alignas(64) float m_ptr[2];
  alignas(64) float l_ptr[2];
  __shared__ alignas(8) uint64_t tma_full_ptr[3];
  __shared__ alignas(8) uint64_t tma_empty_ptr[3];
  if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[0]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[1]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[2]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[0]))), (uint)256);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[1]))), (uint)256);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[2]))), (uint)256);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(K_tmap0)))));
    tvm_builtin_ptx_prefetch_tensormap(((void*)((unsigned long long)(&(V_tmap1)))));
  }
  __syncthreads();
  int cse_v3 = (((int)blockIdx.x) * 128);
  int cse_v4 = (((int)threadIdx.x) & 3);
  int cse_v5 = (((int)threadIdx.x) >> 5);
  int cse_v6 = (((int)threadIdx.x) & 31);
  int cse_v13 = (128 - (((int)blockIdx.x) * 128));
  int cse_v28 = ((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16));
  int cse_v33 = (((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2));
  int cse_v34 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128));
  int cse_v66 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 136) - (((int)blockIdx.x) * 128));
  if ((((int)threadIdx.y) == 2)) {
    tvm_builtin_ptx_setmaxnreg_dec_sync_aligned_u32_40();
    if (((int)threadIdx.x) == 0) {
      for (int j = 0; j < (2 - ((int)blockIdx.x)); ++j) {
        tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[j]))), (uint)32768);
        int cse_v1 = (j * 8192);
        int cse_v2 = (j * 128);
        tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_4d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((j * 8192) + 8192)]))), ((void*)((unsigned long long)(&(K_tmap0)))), 0, 0, (j * 128), 0, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[j]))));
        tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_4d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((j * 8192) + 32768)]))), ((void*)((unsigned long long)(&(V_tmap1)))), 0, 0, (j * 128), 0, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_full_ptr[j]))));
      }
    }
    return;
  } else {
    tvm_builtin_ptx_setmaxnreg_inc_sync_aligned_u32_232();
    tvm_builtin_ptx_bar_sync_count_sync((uint)1, (uint)256);
    if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
      tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))), (uint)16384);
    }
    if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
      tvm_builtin_ptx_cp_async_bulk_tensor_g2s_cluster_async_bulk_tensor_4d_shared__cluster_global_tile_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[0]))), ((void*)((unsigned long long)(&(Q_tmap2)))), 0, 0, (128 - (((int)blockIdx.x) * 128)), 0, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))));
    }
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_copy0_ptr[0])), 0);
    O_acc_ptr[0] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[1] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[2] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[3] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[4] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[5] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[6] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[7] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[8] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[9] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[10] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[11] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[12] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[13] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[14] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[15] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[16] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[17] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[18] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[19] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[20] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[21] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[22] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[23] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[24] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[25] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[26] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[27] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[28] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[29] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[30] = 0x0p+0f/*0.000000e+00*/;
    O_acc_ptr[31] = 0x0p+0f/*0.000000e+00*/;
    m_ptr[0] = -CUDART_INF_F;
    l_ptr[0] = 0x0p+0f/*0.000000e+00*/;
    m_ptr[1] = -CUDART_INF_F;
    l_ptr[1] = 0x0p+0f/*0.000000e+00*/;
    if (((int)threadIdx.y) == 0) {
      tvm_builtin_ptx_bar_arrive_arrive((uint)2, (uint)256);
    }
    alignas(64) float S_ptr[64];
    alignas(64) uint P_ptr[32];
    alignas(64) float corr_ptr[2];
    tvm_builtin_cuda_mbarrier_wait((&(tma_full_ptr[0])), 0);
    uint cse_v14 = ((uint)(((int)threadIdx.y) + 2));
    tvm_builtin_ptx_bar_sync_count_sync(((uint)(((int)threadIdx.y) + 2)), (uint)256);
    tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
    int cse_v15 = ((((int)threadIdx.y) & 1) * 4096);
    int cse_v21 = (8192 - ((((int)threadIdx.y) & 1) * 4096));
    tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((int)threadIdx.y) & 1) * 4096)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[8192]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)0);
    int cse_v22 = (((((int)threadIdx.y) & 1) * 4096) + 16);
    int cse_v23 = (8176 - ((((int)threadIdx.y) & 1) * 4096));
    tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + 16)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[8208]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)1);
    int cse_v24 = (((((int)threadIdx.y) & 1) * 4096) + 32);
    int cse_v25 = (8160 - ((((int)threadIdx.y) & 1) * 4096));
    tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + 32)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[8224]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)1);
    int cse_v26 = (((((int)threadIdx.y) & 1) * 4096) + 48);
    int cse_v27 = (8144 - ((((int)threadIdx.y) & 1) * 4096));
    tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + 48)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[8240]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)1);
    tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
    uint cse_v32 = ((uint)(((((int)threadIdx.y) + 1) & 1) + 2));
    tvm_builtin_ptx_bar_arrive_arrive(((uint)(((((int)threadIdx.y) + 1) & 1) + 2)), (uint)256);
    alignas(64) float ms_ptr[2];
    alignas(64) float part_ptr[4];
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    int cse_v16 = ((((int)threadIdx.x) & 3) * 2);
    int cse_v35 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 120) - (((int)blockIdx.x) * 128));
    int cse_v36 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 119) - (((int)blockIdx.x) * 128));
    int cse_v37 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 127) - (((int)blockIdx.x) * 128));
    int cse_v38 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 112) - (((int)blockIdx.x) * 128));
    int cse_v39 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 111) - (((int)blockIdx.x) * 128));
    int cse_v40 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 104) - (((int)blockIdx.x) * 128));
    int cse_v41 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 103) - (((int)blockIdx.x) * 128));
    int cse_v42 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 96) - (((int)blockIdx.x) * 128));
    int cse_v43 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 95) - (((int)blockIdx.x) * 128));
    int cse_v44 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 88) - (((int)blockIdx.x) * 128));
    int cse_v45 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 87) - (((int)blockIdx.x) * 128));
    int cse_v46 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 80) - (((int)blockIdx.x) * 128));
    int cse_v47 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 79) - (((int)blockIdx.x) * 128));
    int cse_v48 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 72) - (((int)blockIdx.x) * 128));
    int cse_v49 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 71) - (((int)blockIdx.x) * 128));
    int cse_v50 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 64) - (((int)blockIdx.x) * 128));
    int cse_v51 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 63) - (((int)blockIdx.x) * 128));
    int cse_v52 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 56) - (((int)blockIdx.x) * 128));
    int cse_v53 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 55) - (((int)blockIdx.x) * 128));
    int cse_v54 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 48) - (((int)blockIdx.x) * 128));
    int cse_v55 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 47) - (((int)blockIdx.x) * 128));
    int cse_v56 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 40) - (((int)blockIdx.x) * 128));
    int cse_v57 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 39) - (((int)blockIdx.x) * 128));
    int cse_v58 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 32) - (((int)blockIdx.x) * 128));
    int cse_v59 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 31) - (((int)blockIdx.x) * 128));
    int cse_v60 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 24) - (((int)blockIdx.x) * 128));
    int cse_v61 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 23) - (((int)blockIdx.x) * 128));
    int cse_v62 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 16) - (((int)blockIdx.x) * 128));
    int cse_v63 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 15) - (((int)blockIdx.x) * 128));
    int cse_v64 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 8) - (((int)blockIdx.x) * 128));
    int cse_v65 = (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 7) - (((int)blockIdx.x) * 128));
    if (0 < ((int)blockIdx.x)) {
      float condval;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
        condval = S_ptr[0];
      } else {
        condval = -CUDART_INF_F;
      }
      S_ptr[0] = condval;
      float condval_1;
      if (((((int)threadIdx.x) & 3) * 2) < (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
        condval_1 = S_ptr[1];
      } else {
        condval_1 = -CUDART_INF_F;
      }
      S_ptr[1] = condval_1;
      float condval_2;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 120) - (((int)blockIdx.x) * 128))) {
        condval_2 = S_ptr[4];
      } else {
        condval_2 = -CUDART_INF_F;
      }
      S_ptr[4] = condval_2;
      float condval_3;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 119) - (((int)blockIdx.x) * 128))) {
        condval_3 = S_ptr[5];
      } else {
        condval_3 = -CUDART_INF_F;
      }
      S_ptr[5] = condval_3;
      float condval_4;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
        condval_4 = S_ptr[6];
      } else {
        condval_4 = -CUDART_INF_F;
      }
      S_ptr[6] = condval_4;
      float condval_5;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 127) - (((int)blockIdx.x) * 128))) {
        condval_5 = S_ptr[7];
      } else {
        condval_5 = -CUDART_INF_F;
      }
      S_ptr[7] = condval_5;
      float condval_6;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 112) - (((int)blockIdx.x) * 128))) {
        condval_6 = S_ptr[8];
      } else {
        condval_6 = -CUDART_INF_F;
      }
      S_ptr[8] = condval_6;
      float condval_7;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 111) - (((int)blockIdx.x) * 128))) {
        condval_7 = S_ptr[9];
      } else {
        condval_7 = -CUDART_INF_F;
      }
      S_ptr[9] = condval_7;
      float condval_8;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 120) - (((int)blockIdx.x) * 128))) {
        condval_8 = S_ptr[10];
      } else {
        condval_8 = -CUDART_INF_F;
      }
      S_ptr[10] = condval_8;
      float condval_9;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 119) - (((int)blockIdx.x) * 128))) {
        condval_9 = S_ptr[11];
      } else {
        condval_9 = -CUDART_INF_F;
      }
      S_ptr[11] = condval_9;
      float condval_10;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 104) - (((int)blockIdx.x) * 128))) {
        condval_10 = S_ptr[12];
      } else {
        condval_10 = -CUDART_INF_F;
      }
      S_ptr[12] = condval_10;
      float condval_11;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 103) - (((int)blockIdx.x) * 128))) {
        condval_11 = S_ptr[13];
      } else {
        condval_11 = -CUDART_INF_F;
      }
      S_ptr[13] = condval_11;
      float condval_12;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 112) - (((int)blockIdx.x) * 128))) {
        condval_12 = S_ptr[14];
      } else {
        condval_12 = -CUDART_INF_F;
      }
      S_ptr[14] = condval_12;
      float condval_13;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 111) - (((int)blockIdx.x) * 128))) {
        condval_13 = S_ptr[15];
      } else {
        condval_13 = -CUDART_INF_F;
      }
      S_ptr[15] = condval_13;
      float condval_14;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 96) - (((int)blockIdx.x) * 128))) {
        condval_14 = S_ptr[16];
      } else {
        condval_14 = -CUDART_INF_F;
      }
      S_ptr[16] = condval_14;
      float condval_15;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 95) - (((int)blockIdx.x) * 128))) {
        condval_15 = S_ptr[17];
      } else {
        condval_15 = -CUDART_INF_F;
      }
      S_ptr[17] = condval_15;
      float condval_16;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 104) - (((int)blockIdx.x) * 128))) {
        condval_16 = S_ptr[18];
      } else {
        condval_16 = -CUDART_INF_F;
      }
      S_ptr[18] = condval_16;
      float condval_17;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 103) - (((int)blockIdx.x) * 128))) {
        condval_17 = S_ptr[19];
      } else {
        condval_17 = -CUDART_INF_F;
      }
      S_ptr[19] = condval_17;
      float condval_18;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 88) - (((int)blockIdx.x) * 128))) {
        condval_18 = S_ptr[20];
      } else {
        condval_18 = -CUDART_INF_F;
      }
      S_ptr[20] = condval_18;
      float condval_19;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 87) - (((int)blockIdx.x) * 128))) {
        condval_19 = S_ptr[21];
      } else {
        condval_19 = -CUDART_INF_F;
      }
      S_ptr[21] = condval_19;
      float condval_20;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 96) - (((int)blockIdx.x) * 128))) {
        condval_20 = S_ptr[22];
      } else {
        condval_20 = -CUDART_INF_F;
      }
      S_ptr[22] = condval_20;
      float condval_21;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 95) - (((int)blockIdx.x) * 128))) {
        condval_21 = S_ptr[23];
      } else {
        condval_21 = -CUDART_INF_F;
      }
      S_ptr[23] = condval_21;
      float condval_22;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 80) - (((int)blockIdx.x) * 128))) {
        condval_22 = S_ptr[24];
      } else {
        condval_22 = -CUDART_INF_F;
      }
      S_ptr[24] = condval_22;
      float condval_23;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 79) - (((int)blockIdx.x) * 128))) {
        condval_23 = S_ptr[25];
      } else {
        condval_23 = -CUDART_INF_F;
      }
      S_ptr[25] = condval_23;
      float condval_24;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 88) - (((int)blockIdx.x) * 128))) {
        condval_24 = S_ptr[26];
      } else {
        condval_24 = -CUDART_INF_F;
      }
      S_ptr[26] = condval_24;
      float condval_25;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 87) - (((int)blockIdx.x) * 128))) {
        condval_25 = S_ptr[27];
      } else {
        condval_25 = -CUDART_INF_F;
      }
      S_ptr[27] = condval_25;
      float condval_26;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 72) - (((int)blockIdx.x) * 128))) {
        condval_26 = S_ptr[28];
      } else {
        condval_26 = -CUDART_INF_F;
      }
      S_ptr[28] = condval_26;
      float condval_27;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 71) - (((int)blockIdx.x) * 128))) {
        condval_27 = S_ptr[29];
      } else {
        condval_27 = -CUDART_INF_F;
      }
      S_ptr[29] = condval_27;
      float condval_28;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 80) - (((int)blockIdx.x) * 128))) {
        condval_28 = S_ptr[30];
      } else {
        condval_28 = -CUDART_INF_F;
      }
      S_ptr[30] = condval_28;
      float condval_29;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 79) - (((int)blockIdx.x) * 128))) {
        condval_29 = S_ptr[31];
      } else {
        condval_29 = -CUDART_INF_F;
      }
      S_ptr[31] = condval_29;
      float condval_30;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 64) - (((int)blockIdx.x) * 128))) {
        condval_30 = S_ptr[32];
      } else {
        condval_30 = -CUDART_INF_F;
      }
      S_ptr[32] = condval_30;
      float condval_31;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 63) - (((int)blockIdx.x) * 128))) {
        condval_31 = S_ptr[33];
      } else {
        condval_31 = -CUDART_INF_F;
      }
      S_ptr[33] = condval_31;
      float condval_32;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 72) - (((int)blockIdx.x) * 128))) {
        condval_32 = S_ptr[34];
      } else {
        condval_32 = -CUDART_INF_F;
      }
      S_ptr[34] = condval_32;
      float condval_33;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 71) - (((int)blockIdx.x) * 128))) {
        condval_33 = S_ptr[35];
      } else {
        condval_33 = -CUDART_INF_F;
      }
      S_ptr[35] = condval_33;
      float condval_34;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 56) - (((int)blockIdx.x) * 128))) {
        condval_34 = S_ptr[36];
      } else {
        condval_34 = -CUDART_INF_F;
      }
      S_ptr[36] = condval_34;
      float condval_35;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 55) - (((int)blockIdx.x) * 128))) {
        condval_35 = S_ptr[37];
      } else {
        condval_35 = -CUDART_INF_F;
      }
      S_ptr[37] = condval_35;
      float condval_36;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 64) - (((int)blockIdx.x) * 128))) {
        condval_36 = S_ptr[38];
      } else {
        condval_36 = -CUDART_INF_F;
      }
      S_ptr[38] = condval_36;
      float condval_37;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 63) - (((int)blockIdx.x) * 128))) {
        condval_37 = S_ptr[39];
      } else {
        condval_37 = -CUDART_INF_F;
      }
      S_ptr[39] = condval_37;
      float condval_38;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 48) - (((int)blockIdx.x) * 128))) {
        condval_38 = S_ptr[40];
      } else {
        condval_38 = -CUDART_INF_F;
      }
      S_ptr[40] = condval_38;
      float condval_39;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 47) - (((int)blockIdx.x) * 128))) {
        condval_39 = S_ptr[41];
      } else {
        condval_39 = -CUDART_INF_F;
      }
      S_ptr[41] = condval_39;
      float condval_40;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 56) - (((int)blockIdx.x) * 128))) {
        condval_40 = S_ptr[42];
      } else {
        condval_40 = -CUDART_INF_F;
      }
      S_ptr[42] = condval_40;
      float condval_41;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 55) - (((int)blockIdx.x) * 128))) {
        condval_41 = S_ptr[43];
      } else {
        condval_41 = -CUDART_INF_F;
      }
      S_ptr[43] = condval_41;
      float condval_42;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 40) - (((int)blockIdx.x) * 128))) {
        condval_42 = S_ptr[44];
      } else {
        condval_42 = -CUDART_INF_F;
      }
      S_ptr[44] = condval_42;
      float condval_43;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 39) - (((int)blockIdx.x) * 128))) {
        condval_43 = S_ptr[45];
      } else {
        condval_43 = -CUDART_INF_F;
      }
      S_ptr[45] = condval_43;
      float condval_44;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 48) - (((int)blockIdx.x) * 128))) {
        condval_44 = S_ptr[46];
      } else {
        condval_44 = -CUDART_INF_F;
      }
      S_ptr[46] = condval_44;
      float condval_45;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 47) - (((int)blockIdx.x) * 128))) {
        condval_45 = S_ptr[47];
      } else {
        condval_45 = -CUDART_INF_F;
      }
      S_ptr[47] = condval_45;
      float condval_46;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 32) - (((int)blockIdx.x) * 128))) {
        condval_46 = S_ptr[48];
      } else {
        condval_46 = -CUDART_INF_F;
      }
      S_ptr[48] = condval_46;
      float condval_47;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 31) - (((int)blockIdx.x) * 128))) {
        condval_47 = S_ptr[49];
      } else {
        condval_47 = -CUDART_INF_F;
      }
      S_ptr[49] = condval_47;
      float condval_48;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 40) - (((int)blockIdx.x) * 128))) {
        condval_48 = S_ptr[50];
      } else {
        condval_48 = -CUDART_INF_F;
      }
      S_ptr[50] = condval_48;
      float condval_49;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 39) - (((int)blockIdx.x) * 128))) {
        condval_49 = S_ptr[51];
      } else {
        condval_49 = -CUDART_INF_F;
      }
      S_ptr[51] = condval_49;
      float condval_50;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 24) - (((int)blockIdx.x) * 128))) {
        condval_50 = S_ptr[52];
      } else {
        condval_50 = -CUDART_INF_F;
      }
      S_ptr[52] = condval_50;
      float condval_51;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 23) - (((int)blockIdx.x) * 128))) {
        condval_51 = S_ptr[53];
      } else {
        condval_51 = -CUDART_INF_F;
      }
      S_ptr[53] = condval_51;
      float condval_52;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 32) - (((int)blockIdx.x) * 128))) {
        condval_52 = S_ptr[54];
      } else {
        condval_52 = -CUDART_INF_F;
      }
      S_ptr[54] = condval_52;
      float condval_53;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 31) - (((int)blockIdx.x) * 128))) {
        condval_53 = S_ptr[55];
      } else {
        condval_53 = -CUDART_INF_F;
      }
      S_ptr[55] = condval_53;
      float condval_54;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 16) - (((int)blockIdx.x) * 128))) {
        condval_54 = S_ptr[56];
      } else {
        condval_54 = -CUDART_INF_F;
      }
      S_ptr[56] = condval_54;
      float condval_55;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 15) - (((int)blockIdx.x) * 128))) {
        condval_55 = S_ptr[57];
      } else {
        condval_55 = -CUDART_INF_F;
      }
      S_ptr[57] = condval_55;
      float condval_56;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 24) - (((int)blockIdx.x) * 128))) {
        condval_56 = S_ptr[58];
      } else {
        condval_56 = -CUDART_INF_F;
      }
      S_ptr[58] = condval_56;
      float condval_57;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 23) - (((int)blockIdx.x) * 128))) {
        condval_57 = S_ptr[59];
      } else {
        condval_57 = -CUDART_INF_F;
      }
      S_ptr[59] = condval_57;
      float condval_58;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 8) - (((int)blockIdx.x) * 128))) {
        condval_58 = S_ptr[60];
      } else {
        condval_58 = -CUDART_INF_F;
      }
      S_ptr[60] = condval_58;
      float condval_59;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 7) - (((int)blockIdx.x) * 128))) {
        condval_59 = S_ptr[61];
      } else {
        condval_59 = -CUDART_INF_F;
      }
      S_ptr[61] = condval_59;
      float condval_60;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 16) - (((int)blockIdx.x) * 128))) {
        condval_60 = S_ptr[62];
      } else {
        condval_60 = -CUDART_INF_F;
      }
      S_ptr[62] = condval_60;
      float condval_61;
      if (((((int)threadIdx.x) & 3) * 2) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 15) - (((int)blockIdx.x) * 128))) {
        condval_61 = S_ptr[63];
      } else {
        condval_61 = -CUDART_INF_F;
      }
      S_ptr[63] = condval_61;
    }
    alignas(64) float mx_ptr[1];
    part_ptr[0] = S_ptr[0];
    part_ptr[1] = S_ptr[1];
    part_ptr[2] = S_ptr[4];
    part_ptr[3] = S_ptr[5];
    part_ptr[0] = max(part_ptr[0], S_ptr[8]);
    part_ptr[1] = max(part_ptr[1], S_ptr[9]);
    part_ptr[2] = max(part_ptr[2], S_ptr[12]);
    part_ptr[3] = max(part_ptr[3], S_ptr[13]);
    part_ptr[0] = max(part_ptr[0], S_ptr[16]);
    part_ptr[1] = max(part_ptr[1], S_ptr[17]);
    part_ptr[2] = max(part_ptr[2], S_ptr[20]);
    part_ptr[3] = max(part_ptr[3], S_ptr[21]);
    part_ptr[0] = max(part_ptr[0], S_ptr[24]);
    part_ptr[1] = max(part_ptr[1], S_ptr[25]);
    part_ptr[2] = max(part_ptr[2], S_ptr[28]);
    part_ptr[3] = max(part_ptr[3], S_ptr[29]);
    part_ptr[0] = max(part_ptr[0], S_ptr[32]);
    part_ptr[1] = max(part_ptr[1], S_ptr[33]);
    part_ptr[2] = max(part_ptr[2], S_ptr[36]);
    part_ptr[3] = max(part_ptr[3], S_ptr[37]);
    part_ptr[0] = max(part_ptr[0], S_ptr[40]);
    part_ptr[1] = max(part_ptr[1], S_ptr[41]);
    part_ptr[2] = max(part_ptr[2], S_ptr[44]);
    part_ptr[3] = max(part_ptr[3], S_ptr[45]);
    part_ptr[0] = max(part_ptr[0], S_ptr[48]);
    part_ptr[1] = max(part_ptr[1], S_ptr[49]);
    part_ptr[2] = max(part_ptr[2], S_ptr[52]);
    part_ptr[3] = max(part_ptr[3], S_ptr[53]);
    part_ptr[0] = max(part_ptr[0], S_ptr[56]);
    part_ptr[1] = max(part_ptr[1], S_ptr[57]);
    part_ptr[2] = max(part_ptr[2], S_ptr[60]);
    part_ptr[3] = max(part_ptr[3], S_ptr[61]);
    mx_ptr[0] = max(max(part_ptr[0], part_ptr[1]), max(part_ptr[2], max(part_ptr[3], m_ptr[0])));
    mx_ptr[0] = max(mx_ptr[0], __shfl_xor_sync((uint)4294967295, mx_ptr[0], 1, 32));
    mx_ptr[0] = max(mx_ptr[0], __shfl_xor_sync((uint)4294967295, mx_ptr[0], 2, 32));
    float condval_62;
    if (mx_ptr[0] == -CUDART_INF_F) {
      condval_62 = 0x0p+0f/*0.000000e+00*/;
    } else {
      condval_62 = (mx_ptr[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/);
    }
    ms_ptr[0] = condval_62;
    tvm_builtin_ptx_ex2_approx_ftz_f32(corr_ptr[0], ((m_ptr[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    m_ptr[0] = mx_ptr[0];
    alignas(64) float mx_ptr_1[1];
    part_ptr[0] = S_ptr[2];
    part_ptr[1] = S_ptr[3];
    part_ptr[2] = S_ptr[6];
    part_ptr[3] = S_ptr[7];
    part_ptr[0] = max(part_ptr[0], S_ptr[10]);
    part_ptr[1] = max(part_ptr[1], S_ptr[11]);
    part_ptr[2] = max(part_ptr[2], S_ptr[14]);
    part_ptr[3] = max(part_ptr[3], S_ptr[15]);
    part_ptr[0] = max(part_ptr[0], S_ptr[18]);
    part_ptr[1] = max(part_ptr[1], S_ptr[19]);
    part_ptr[2] = max(part_ptr[2], S_ptr[22]);
    part_ptr[3] = max(part_ptr[3], S_ptr[23]);
    part_ptr[0] = max(part_ptr[0], S_ptr[26]);
    part_ptr[1] = max(part_ptr[1], S_ptr[27]);
    part_ptr[2] = max(part_ptr[2], S_ptr[30]);
    part_ptr[3] = max(part_ptr[3], S_ptr[31]);
    part_ptr[0] = max(part_ptr[0], S_ptr[34]);
    part_ptr[1] = max(part_ptr[1], S_ptr[35]);
    part_ptr[2] = max(part_ptr[2], S_ptr[38]);
    part_ptr[3] = max(part_ptr[3], S_ptr[39]);
    part_ptr[0] = max(part_ptr[0], S_ptr[42]);
    part_ptr[1] = max(part_ptr[1], S_ptr[43]);
    part_ptr[2] = max(part_ptr[2], S_ptr[46]);
    part_ptr[3] = max(part_ptr[3], S_ptr[47]);
    part_ptr[0] = max(part_ptr[0], S_ptr[50]);
    part_ptr[1] = max(part_ptr[1], S_ptr[51]);
    part_ptr[2] = max(part_ptr[2], S_ptr[54]);
    part_ptr[3] = max(part_ptr[3], S_ptr[55]);
    part_ptr[0] = max(part_ptr[0], S_ptr[58]);
    part_ptr[1] = max(part_ptr[1], S_ptr[59]);
    part_ptr[2] = max(part_ptr[2], S_ptr[62]);
    part_ptr[3] = max(part_ptr[3], S_ptr[63]);
    mx_ptr_1[0] = max(max(part_ptr[0], part_ptr[1]), max(part_ptr[2], max(part_ptr[3], m_ptr[1])));
    mx_ptr_1[0] = max(mx_ptr_1[0], __shfl_xor_sync((uint)4294967295, mx_ptr_1[0], 1, 32));
    mx_ptr_1[0] = max(mx_ptr_1[0], __shfl_xor_sync((uint)4294967295, mx_ptr_1[0], 2, 32));
    float condval_63;
    if (mx_ptr_1[0] == -CUDART_INF_F) {
      condval_63 = 0x0p+0f/*0.000000e+00*/;
    } else {
      condval_63 = (mx_ptr_1[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/);
    }
    ms_ptr[1] = condval_63;
    tvm_builtin_ptx_ex2_approx_ftz_f32(corr_ptr[1], ((m_ptr[1] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    m_ptr[1] = mx_ptr_1[0];
    part_ptr[0] = 0x0p+0f/*0.000000e+00*/;
    part_ptr[1] = 0x0p+0f/*0.000000e+00*/;
    part_ptr[2] = 0x0p+0f/*0.000000e+00*/;
    part_ptr[3] = 0x0p+0f/*0.000000e+00*/;
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[0], ((S_ptr[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[0]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[1], ((S_ptr[1] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[1]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[2], ((S_ptr[2] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[2]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[3], ((S_ptr[3] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[3]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[4], ((S_ptr[4] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[4]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[5], ((S_ptr[5] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[5]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[6], ((S_ptr[6] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[6]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[7], ((S_ptr[7] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[7]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[8], ((S_ptr[8] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[8]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[9], ((S_ptr[9] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[9]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[10], ((S_ptr[10] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[10]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[11], ((S_ptr[11] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[11]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[12], ((S_ptr[12] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[12]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[13], ((S_ptr[13] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[13]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[14], ((S_ptr[14] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[14]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[15], ((S_ptr[15] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[15]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[16], ((S_ptr[16] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[16]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[17], ((S_ptr[17] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[17]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[18], ((S_ptr[18] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[18]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[19], ((S_ptr[19] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[19]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[20], ((S_ptr[20] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[20]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[21], ((S_ptr[21] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[21]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[22], ((S_ptr[22] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[22]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[23], ((S_ptr[23] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[23]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[24], ((S_ptr[24] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[24]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[25], ((S_ptr[25] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[25]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[26], ((S_ptr[26] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[26]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[27], ((S_ptr[27] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[27]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[28], ((S_ptr[28] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[28]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[29], ((S_ptr[29] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[29]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[30], ((S_ptr[30] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[30]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[31], ((S_ptr[31] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[31]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[32], ((S_ptr[32] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[32]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[33], ((S_ptr[33] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[33]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[34], ((S_ptr[34] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[34]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[35], ((S_ptr[35] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[35]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[36], ((S_ptr[36] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[36]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[37], ((S_ptr[37] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[37]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[38], ((S_ptr[38] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[38]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[39], ((S_ptr[39] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[39]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[40], ((S_ptr[40] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[40]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[41], ((S_ptr[41] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[41]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[42], ((S_ptr[42] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[42]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[43], ((S_ptr[43] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[43]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[44], ((S_ptr[44] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[44]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[45], ((S_ptr[45] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[45]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[46], ((S_ptr[46] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[46]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[47], ((S_ptr[47] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[47]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[48], ((S_ptr[48] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[48]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[49], ((S_ptr[49] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[49]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[50], ((S_ptr[50] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[50]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[51], ((S_ptr[51] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[51]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[52], ((S_ptr[52] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[52]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[53], ((S_ptr[53] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[53]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[54], ((S_ptr[54] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[54]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[55], ((S_ptr[55] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[55]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[56], ((S_ptr[56] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[56]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[57], ((S_ptr[57] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[57]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[58], ((S_ptr[58] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[58]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[59], ((S_ptr[59] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[59]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[60], ((S_ptr[60] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[0] = (part_ptr[0] + S_ptr[60]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[61], ((S_ptr[61] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[0]));
    part_ptr[1] = (part_ptr[1] + S_ptr[61]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[62], ((S_ptr[62] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[2] = (part_ptr[2] + S_ptr[62]);
    tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[63], ((S_ptr[63] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[1]));
    part_ptr[3] = (part_ptr[3] + S_ptr[63]);
    l_ptr[0] = ((l_ptr[0] * corr_ptr[0]) + (part_ptr[0] + part_ptr[1]));
    l_ptr[1] = ((l_ptr[1] * corr_ptr[1]) + (part_ptr[2] + part_ptr[3]));
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[0], S_ptr[1], S_ptr[0]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[1], S_ptr[3], S_ptr[2]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[2], S_ptr[5], S_ptr[4]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[3], S_ptr[7], S_ptr[6]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[4], S_ptr[9], S_ptr[8]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[5], S_ptr[11], S_ptr[10]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[6], S_ptr[13], S_ptr[12]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[7], S_ptr[15], S_ptr[14]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[8], S_ptr[17], S_ptr[16]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[9], S_ptr[19], S_ptr[18]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[10], S_ptr[21], S_ptr[20]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[11], S_ptr[23], S_ptr[22]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[12], S_ptr[25], S_ptr[24]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[13], S_ptr[27], S_ptr[26]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[14], S_ptr[29], S_ptr[28]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[15], S_ptr[31], S_ptr[30]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[16], S_ptr[33], S_ptr[32]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[17], S_ptr[35], S_ptr[34]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[18], S_ptr[37], S_ptr[36]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[19], S_ptr[39], S_ptr[38]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[20], S_ptr[41], S_ptr[40]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[21], S_ptr[43], S_ptr[42]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[22], S_ptr[45], S_ptr[44]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[23], S_ptr[47], S_ptr[46]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[24], S_ptr[49], S_ptr[48]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[25], S_ptr[51], S_ptr[50]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[26], S_ptr[53], S_ptr[52]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[27], S_ptr[55], S_ptr[54]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[28], S_ptr[57], S_ptr[56]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[29], S_ptr[59], S_ptr[58]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[30], S_ptr[61], S_ptr[60]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[31], S_ptr[63], S_ptr[62]);
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    int cse_v7 = (1 - ((int)blockIdx.x));
    for (int j_1 = 1; j_1 < (2 - ((int)blockIdx.x)); ++j_1) {
      tvm_builtin_cuda_mbarrier_wait((&(tma_full_ptr[j_1])), 0);
      tvm_builtin_ptx_bar_sync_count_sync(((uint)(((int)threadIdx.y) + 2)), (uint)256);
      tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
      int cse_v8 = (j_1 * 8192);
      tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((int)threadIdx.y) & 1) * 4096)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((j_1 * 8192) + 8192)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)0);
      tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + 16)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((j_1 * 8192) + 8208)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)1);
      tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + 32)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((j_1 * 8192) + 8224)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)1);
      tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + 48)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((j_1 * 8192) + 8240)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (bool)1);
      tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
      O_acc_ptr[0] = (O_acc_ptr[0] * corr_ptr[0]);
      O_acc_ptr[1] = (O_acc_ptr[1] * corr_ptr[0]);
      O_acc_ptr[2] = (O_acc_ptr[2] * corr_ptr[1]);
      O_acc_ptr[3] = (O_acc_ptr[3] * corr_ptr[1]);
      O_acc_ptr[4] = (O_acc_ptr[4] * corr_ptr[0]);
      O_acc_ptr[5] = (O_acc_ptr[5] * corr_ptr[0]);
      O_acc_ptr[6] = (O_acc_ptr[6] * corr_ptr[1]);
      O_acc_ptr[7] = (O_acc_ptr[7] * corr_ptr[1]);
      O_acc_ptr[8] = (O_acc_ptr[8] * corr_ptr[0]);
      O_acc_ptr[9] = (O_acc_ptr[9] * corr_ptr[0]);
      O_acc_ptr[10] = (O_acc_ptr[10] * corr_ptr[1]);
      O_acc_ptr[11] = (O_acc_ptr[11] * corr_ptr[1]);
      O_acc_ptr[12] = (O_acc_ptr[12] * corr_ptr[0]);
      O_acc_ptr[13] = (O_acc_ptr[13] * corr_ptr[0]);
      O_acc_ptr[14] = (O_acc_ptr[14] * corr_ptr[1]);
      O_acc_ptr[15] = (O_acc_ptr[15] * corr_ptr[1]);
      O_acc_ptr[16] = (O_acc_ptr[16] * corr_ptr[0]);
      O_acc_ptr[17] = (O_acc_ptr[17] * corr_ptr[0]);
      O_acc_ptr[18] = (O_acc_ptr[18] * corr_ptr[1]);
      O_acc_ptr[19] = (O_acc_ptr[19] * corr_ptr[1]);
      O_acc_ptr[20] = (O_acc_ptr[20] * corr_ptr[0]);
      O_acc_ptr[21] = (O_acc_ptr[21] * corr_ptr[0]);
      O_acc_ptr[22] = (O_acc_ptr[22] * corr_ptr[1]);
      O_acc_ptr[23] = (O_acc_ptr[23] * corr_ptr[1]);
      O_acc_ptr[24] = (O_acc_ptr[24] * corr_ptr[0]);
      O_acc_ptr[25] = (O_acc_ptr[25] * corr_ptr[0]);
      O_acc_ptr[26] = (O_acc_ptr[26] * corr_ptr[1]);
      O_acc_ptr[27] = (O_acc_ptr[27] * corr_ptr[1]);
      O_acc_ptr[28] = (O_acc_ptr[28] * corr_ptr[0]);
      O_acc_ptr[29] = (O_acc_ptr[29] * corr_ptr[0]);
      O_acc_ptr[30] = (O_acc_ptr[30] * corr_ptr[1]);
      O_acc_ptr[31] = (O_acc_ptr[31] * corr_ptr[1]);
      tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
      int cse_v17 = ((j_1 + 2) % 3);
      int cse_v29 = (((j_1 + 2) % 3) * 8192);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[0], P_ptr[1], P_ptr[2], P_ptr[3], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 32768)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[4], P_ptr[5], P_ptr[6], P_ptr[7], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 33792)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[8], P_ptr[9], P_ptr[10], P_ptr[11], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 34816)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[12], P_ptr[13], P_ptr[14], P_ptr[15], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 35840)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[16], P_ptr[17], P_ptr[18], P_ptr[19], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 36864)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[20], P_ptr[21], P_ptr[22], P_ptr[23], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 37888)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[24], P_ptr[25], P_ptr[26], P_ptr[27], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 38912)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[28], P_ptr[29], P_ptr[30], P_ptr[31], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((j_1 + 2) % 3) * 8192) + 39936)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
      tvm_builtin_ptx_bar_arrive_arrive(((uint)(((((int)threadIdx.y) + 1) & 1) + 2)), (uint)256);
      alignas(64) float ms_ptr_1[2];
      alignas(64) float part_ptr_1[4];
      tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_1();
      int cse_v30 = ((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2));
      float condval_64;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
        condval_64 = S_ptr[0];
      } else {
        condval_64 = -CUDART_INF_F;
      }
      S_ptr[0] = condval_64;
      float condval_65;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) < (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
        condval_65 = S_ptr[1];
      } else {
        condval_65 = -CUDART_INF_F;
      }
      S_ptr[1] = condval_65;
      float condval_66;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 136) - (((int)blockIdx.x) * 128))) {
        condval_66 = S_ptr[2];
      } else {
        condval_66 = -CUDART_INF_F;
      }
      S_ptr[2] = condval_66;
      float condval_67;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) < (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 136) - (((int)blockIdx.x) * 128))) {
        condval_67 = S_ptr[3];
      } else {
        condval_67 = -CUDART_INF_F;
      }
      S_ptr[3] = condval_67;
      float condval_68;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 120) - (((int)blockIdx.x) * 128))) {
        condval_68 = S_ptr[4];
      } else {
        condval_68 = -CUDART_INF_F;
      }
      S_ptr[4] = condval_68;
      float condval_69;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 119) - (((int)blockIdx.x) * 128))) {
        condval_69 = S_ptr[5];
      } else {
        condval_69 = -CUDART_INF_F;
      }
      S_ptr[5] = condval_69;
      float condval_70;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
        condval_70 = S_ptr[6];
      } else {
        condval_70 = -CUDART_INF_F;
      }
      S_ptr[6] = condval_70;
      float condval_71;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 127) - (((int)blockIdx.x) * 128))) {
        condval_71 = S_ptr[7];
      } else {
        condval_71 = -CUDART_INF_F;
      }
      S_ptr[7] = condval_71;
      float condval_72;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 112) - (((int)blockIdx.x) * 128))) {
        condval_72 = S_ptr[8];
      } else {
        condval_72 = -CUDART_INF_F;
      }
      S_ptr[8] = condval_72;
      float condval_73;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 111) - (((int)blockIdx.x) * 128))) {
        condval_73 = S_ptr[9];
      } else {
        condval_73 = -CUDART_INF_F;
      }
      S_ptr[9] = condval_73;
      float condval_74;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 120) - (((int)blockIdx.x) * 128))) {
        condval_74 = S_ptr[10];
      } else {
        condval_74 = -CUDART_INF_F;
      }
      S_ptr[10] = condval_74;
      float condval_75;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 119) - (((int)blockIdx.x) * 128))) {
        condval_75 = S_ptr[11];
      } else {
        condval_75 = -CUDART_INF_F;
      }
      S_ptr[11] = condval_75;
      float condval_76;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 104) - (((int)blockIdx.x) * 128))) {
        condval_76 = S_ptr[12];
      } else {
        condval_76 = -CUDART_INF_F;
      }
      S_ptr[12] = condval_76;
      float condval_77;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 103) - (((int)blockIdx.x) * 128))) {
        condval_77 = S_ptr[13];
      } else {
        condval_77 = -CUDART_INF_F;
      }
      S_ptr[13] = condval_77;
      float condval_78;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 112) - (((int)blockIdx.x) * 128))) {
        condval_78 = S_ptr[14];
      } else {
        condval_78 = -CUDART_INF_F;
      }
      S_ptr[14] = condval_78;
      float condval_79;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 111) - (((int)blockIdx.x) * 128))) {
        condval_79 = S_ptr[15];
      } else {
        condval_79 = -CUDART_INF_F;
      }
      S_ptr[15] = condval_79;
      float condval_80;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 96) - (((int)blockIdx.x) * 128))) {
        condval_80 = S_ptr[16];
      } else {
        condval_80 = -CUDART_INF_F;
      }
      S_ptr[16] = condval_80;
      float condval_81;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 95) - (((int)blockIdx.x) * 128))) {
        condval_81 = S_ptr[17];
      } else {
        condval_81 = -CUDART_INF_F;
      }
      S_ptr[17] = condval_81;
      float condval_82;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 104) - (((int)blockIdx.x) * 128))) {
        condval_82 = S_ptr[18];
      } else {
        condval_82 = -CUDART_INF_F;
      }
      S_ptr[18] = condval_82;
      float condval_83;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 103) - (((int)blockIdx.x) * 128))) {
        condval_83 = S_ptr[19];
      } else {
        condval_83 = -CUDART_INF_F;
      }
      S_ptr[19] = condval_83;
      float condval_84;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 88) - (((int)blockIdx.x) * 128))) {
        condval_84 = S_ptr[20];
      } else {
        condval_84 = -CUDART_INF_F;
      }
      S_ptr[20] = condval_84;
      float condval_85;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 87) - (((int)blockIdx.x) * 128))) {
        condval_85 = S_ptr[21];
      } else {
        condval_85 = -CUDART_INF_F;
      }
      S_ptr[21] = condval_85;
      float condval_86;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 96) - (((int)blockIdx.x) * 128))) {
        condval_86 = S_ptr[22];
      } else {
        condval_86 = -CUDART_INF_F;
      }
      S_ptr[22] = condval_86;
      float condval_87;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 95) - (((int)blockIdx.x) * 128))) {
        condval_87 = S_ptr[23];
      } else {
        condval_87 = -CUDART_INF_F;
      }
      S_ptr[23] = condval_87;
      float condval_88;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 80) - (((int)blockIdx.x) * 128))) {
        condval_88 = S_ptr[24];
      } else {
        condval_88 = -CUDART_INF_F;
      }
      S_ptr[24] = condval_88;
      float condval_89;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 79) - (((int)blockIdx.x) * 128))) {
        condval_89 = S_ptr[25];
      } else {
        condval_89 = -CUDART_INF_F;
      }
      S_ptr[25] = condval_89;
      float condval_90;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 88) - (((int)blockIdx.x) * 128))) {
        condval_90 = S_ptr[26];
      } else {
        condval_90 = -CUDART_INF_F;
      }
      S_ptr[26] = condval_90;
      float condval_91;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 87) - (((int)blockIdx.x) * 128))) {
        condval_91 = S_ptr[27];
      } else {
        condval_91 = -CUDART_INF_F;
      }
      S_ptr[27] = condval_91;
      float condval_92;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 72) - (((int)blockIdx.x) * 128))) {
        condval_92 = S_ptr[28];
      } else {
        condval_92 = -CUDART_INF_F;
      }
      S_ptr[28] = condval_92;
      float condval_93;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 71) - (((int)blockIdx.x) * 128))) {
        condval_93 = S_ptr[29];
      } else {
        condval_93 = -CUDART_INF_F;
      }
      S_ptr[29] = condval_93;
      float condval_94;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 80) - (((int)blockIdx.x) * 128))) {
        condval_94 = S_ptr[30];
      } else {
        condval_94 = -CUDART_INF_F;
      }
      S_ptr[30] = condval_94;
      float condval_95;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 79) - (((int)blockIdx.x) * 128))) {
        condval_95 = S_ptr[31];
      } else {
        condval_95 = -CUDART_INF_F;
      }
      S_ptr[31] = condval_95;
      float condval_96;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 64) - (((int)blockIdx.x) * 128))) {
        condval_96 = S_ptr[32];
      } else {
        condval_96 = -CUDART_INF_F;
      }
      S_ptr[32] = condval_96;
      float condval_97;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 63) - (((int)blockIdx.x) * 128))) {
        condval_97 = S_ptr[33];
      } else {
        condval_97 = -CUDART_INF_F;
      }
      S_ptr[33] = condval_97;
      float condval_98;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 72) - (((int)blockIdx.x) * 128))) {
        condval_98 = S_ptr[34];
      } else {
        condval_98 = -CUDART_INF_F;
      }
      S_ptr[34] = condval_98;
      float condval_99;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 71) - (((int)blockIdx.x) * 128))) {
        condval_99 = S_ptr[35];
      } else {
        condval_99 = -CUDART_INF_F;
      }
      S_ptr[35] = condval_99;
      float condval_100;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 56) - (((int)blockIdx.x) * 128))) {
        condval_100 = S_ptr[36];
      } else {
        condval_100 = -CUDART_INF_F;
      }
      S_ptr[36] = condval_100;
      float condval_101;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 55) - (((int)blockIdx.x) * 128))) {
        condval_101 = S_ptr[37];
      } else {
        condval_101 = -CUDART_INF_F;
      }
      S_ptr[37] = condval_101;
      float condval_102;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 64) - (((int)blockIdx.x) * 128))) {
        condval_102 = S_ptr[38];
      } else {
        condval_102 = -CUDART_INF_F;
      }
      S_ptr[38] = condval_102;
      float condval_103;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 63) - (((int)blockIdx.x) * 128))) {
        condval_103 = S_ptr[39];
      } else {
        condval_103 = -CUDART_INF_F;
      }
      S_ptr[39] = condval_103;
      float condval_104;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 48) - (((int)blockIdx.x) * 128))) {
        condval_104 = S_ptr[40];
      } else {
        condval_104 = -CUDART_INF_F;
      }
      S_ptr[40] = condval_104;
      float condval_105;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 47) - (((int)blockIdx.x) * 128))) {
        condval_105 = S_ptr[41];
      } else {
        condval_105 = -CUDART_INF_F;
      }
      S_ptr[41] = condval_105;
      float condval_106;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 56) - (((int)blockIdx.x) * 128))) {
        condval_106 = S_ptr[42];
      } else {
        condval_106 = -CUDART_INF_F;
      }
      S_ptr[42] = condval_106;
      float condval_107;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 55) - (((int)blockIdx.x) * 128))) {
        condval_107 = S_ptr[43];
      } else {
        condval_107 = -CUDART_INF_F;
      }
      S_ptr[43] = condval_107;
      float condval_108;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 40) - (((int)blockIdx.x) * 128))) {
        condval_108 = S_ptr[44];
      } else {
        condval_108 = -CUDART_INF_F;
      }
      S_ptr[44] = condval_108;
      float condval_109;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 39) - (((int)blockIdx.x) * 128))) {
        condval_109 = S_ptr[45];
      } else {
        condval_109 = -CUDART_INF_F;
      }
      S_ptr[45] = condval_109;
      float condval_110;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 48) - (((int)blockIdx.x) * 128))) {
        condval_110 = S_ptr[46];
      } else {
        condval_110 = -CUDART_INF_F;
      }
      S_ptr[46] = condval_110;
      float condval_111;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 47) - (((int)blockIdx.x) * 128))) {
        condval_111 = S_ptr[47];
      } else {
        condval_111 = -CUDART_INF_F;
      }
      S_ptr[47] = condval_111;
      float condval_112;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 32) - (((int)blockIdx.x) * 128))) {
        condval_112 = S_ptr[48];
      } else {
        condval_112 = -CUDART_INF_F;
      }
      S_ptr[48] = condval_112;
      float condval_113;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 31) - (((int)blockIdx.x) * 128))) {
        condval_113 = S_ptr[49];
      } else {
        condval_113 = -CUDART_INF_F;
      }
      S_ptr[49] = condval_113;
      float condval_114;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 40) - (((int)blockIdx.x) * 128))) {
        condval_114 = S_ptr[50];
      } else {
        condval_114 = -CUDART_INF_F;
      }
      S_ptr[50] = condval_114;
      float condval_115;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 39) - (((int)blockIdx.x) * 128))) {
        condval_115 = S_ptr[51];
      } else {
        condval_115 = -CUDART_INF_F;
      }
      S_ptr[51] = condval_115;
      float condval_116;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 24) - (((int)blockIdx.x) * 128))) {
        condval_116 = S_ptr[52];
      } else {
        condval_116 = -CUDART_INF_F;
      }
      S_ptr[52] = condval_116;
      float condval_117;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 23) - (((int)blockIdx.x) * 128))) {
        condval_117 = S_ptr[53];
      } else {
        condval_117 = -CUDART_INF_F;
      }
      S_ptr[53] = condval_117;
      float condval_118;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 32) - (((int)blockIdx.x) * 128))) {
        condval_118 = S_ptr[54];
      } else {
        condval_118 = -CUDART_INF_F;
      }
      S_ptr[54] = condval_118;
      float condval_119;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 31) - (((int)blockIdx.x) * 128))) {
        condval_119 = S_ptr[55];
      } else {
        condval_119 = -CUDART_INF_F;
      }
      S_ptr[55] = condval_119;
      float condval_120;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 16) - (((int)blockIdx.x) * 128))) {
        condval_120 = S_ptr[56];
      } else {
        condval_120 = -CUDART_INF_F;
      }
      S_ptr[56] = condval_120;
      float condval_121;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 15) - (((int)blockIdx.x) * 128))) {
        condval_121 = S_ptr[57];
      } else {
        condval_121 = -CUDART_INF_F;
      }
      S_ptr[57] = condval_121;
      float condval_122;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 24) - (((int)blockIdx.x) * 128))) {
        condval_122 = S_ptr[58];
      } else {
        condval_122 = -CUDART_INF_F;
      }
      S_ptr[58] = condval_122;
      float condval_123;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 23) - (((int)blockIdx.x) * 128))) {
        condval_123 = S_ptr[59];
      } else {
        condval_123 = -CUDART_INF_F;
      }
      S_ptr[59] = condval_123;
      float condval_124;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 8) - (((int)blockIdx.x) * 128))) {
        condval_124 = S_ptr[60];
      } else {
        condval_124 = -CUDART_INF_F;
      }
      S_ptr[60] = condval_124;
      float condval_125;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 7) - (((int)blockIdx.x) * 128))) {
        condval_125 = S_ptr[61];
      } else {
        condval_125 = -CUDART_INF_F;
      }
      S_ptr[61] = condval_125;
      float condval_126;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 16) - (((int)blockIdx.x) * 128))) {
        condval_126 = S_ptr[62];
      } else {
        condval_126 = -CUDART_INF_F;
      }
      S_ptr[62] = condval_126;
      float condval_127;
      if (((j_1 * 128) + ((((int)threadIdx.x) & 3) * 2)) <= (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 15) - (((int)blockIdx.x) * 128))) {
        condval_127 = S_ptr[63];
      } else {
        condval_127 = -CUDART_INF_F;
      }
      S_ptr[63] = condval_127;
      alignas(64) float mx_ptr_2[1];
      part_ptr_1[0] = S_ptr[0];
      part_ptr_1[1] = S_ptr[1];
      part_ptr_1[2] = S_ptr[4];
      part_ptr_1[3] = S_ptr[5];
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[8]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[9]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[12]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[13]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[16]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[17]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[20]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[21]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[24]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[25]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[28]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[29]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[32]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[33]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[36]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[37]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[40]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[41]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[44]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[45]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[48]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[49]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[52]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[53]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[56]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[57]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[60]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[61]);
      mx_ptr_2[0] = max(max(part_ptr_1[0], part_ptr_1[1]), max(part_ptr_1[2], max(part_ptr_1[3], m_ptr[0])));
      mx_ptr_2[0] = max(mx_ptr_2[0], __shfl_xor_sync((uint)4294967295, mx_ptr_2[0], 1, 32));
      mx_ptr_2[0] = max(mx_ptr_2[0], __shfl_xor_sync((uint)4294967295, mx_ptr_2[0], 2, 32));
      float condval_128;
      if (mx_ptr_2[0] == -CUDART_INF_F) {
        condval_128 = 0x0p+0f/*0.000000e+00*/;
      } else {
        condval_128 = (mx_ptr_2[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/);
      }
      ms_ptr_1[0] = condval_128;
      tvm_builtin_ptx_ex2_approx_ftz_f32(corr_ptr[0], ((m_ptr[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      m_ptr[0] = mx_ptr_2[0];
      alignas(64) float mx_ptr_3[1];
      part_ptr_1[0] = S_ptr[2];
      part_ptr_1[1] = S_ptr[3];
      part_ptr_1[2] = S_ptr[6];
      part_ptr_1[3] = S_ptr[7];
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[10]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[11]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[14]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[15]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[18]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[19]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[22]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[23]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[26]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[27]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[30]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[31]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[34]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[35]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[38]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[39]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[42]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[43]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[46]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[47]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[50]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[51]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[54]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[55]);
      part_ptr_1[0] = max(part_ptr_1[0], S_ptr[58]);
      part_ptr_1[1] = max(part_ptr_1[1], S_ptr[59]);
      part_ptr_1[2] = max(part_ptr_1[2], S_ptr[62]);
      part_ptr_1[3] = max(part_ptr_1[3], S_ptr[63]);
      mx_ptr_3[0] = max(max(part_ptr_1[0], part_ptr_1[1]), max(part_ptr_1[2], max(part_ptr_1[3], m_ptr[1])));
      mx_ptr_3[0] = max(mx_ptr_3[0], __shfl_xor_sync((uint)4294967295, mx_ptr_3[0], 1, 32));
      mx_ptr_3[0] = max(mx_ptr_3[0], __shfl_xor_sync((uint)4294967295, mx_ptr_3[0], 2, 32));
      float condval_129;
      if (mx_ptr_3[0] == -CUDART_INF_F) {
        condval_129 = 0x0p+0f/*0.000000e+00*/;
      } else {
        condval_129 = (mx_ptr_3[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/);
      }
      ms_ptr_1[1] = condval_129;
      tvm_builtin_ptx_ex2_approx_ftz_f32(corr_ptr[1], ((m_ptr[1] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      m_ptr[1] = mx_ptr_3[0];
      part_ptr_1[0] = 0x0p+0f/*0.000000e+00*/;
      part_ptr_1[1] = 0x0p+0f/*0.000000e+00*/;
      part_ptr_1[2] = 0x0p+0f/*0.000000e+00*/;
      part_ptr_1[3] = 0x0p+0f/*0.000000e+00*/;
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[0], ((S_ptr[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[0]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[1], ((S_ptr[1] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[1]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[2], ((S_ptr[2] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[2]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[3], ((S_ptr[3] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[3]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[4], ((S_ptr[4] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[4]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[5], ((S_ptr[5] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[5]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[6], ((S_ptr[6] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[6]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[7], ((S_ptr[7] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[7]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[8], ((S_ptr[8] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[8]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[9], ((S_ptr[9] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[9]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[10], ((S_ptr[10] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[10]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[11], ((S_ptr[11] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[11]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[12], ((S_ptr[12] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[12]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[13], ((S_ptr[13] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[13]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[14], ((S_ptr[14] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[14]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[15], ((S_ptr[15] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[15]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[16], ((S_ptr[16] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[16]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[17], ((S_ptr[17] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[17]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[18], ((S_ptr[18] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[18]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[19], ((S_ptr[19] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[19]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[20], ((S_ptr[20] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[20]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[21], ((S_ptr[21] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[21]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[22], ((S_ptr[22] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[22]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[23], ((S_ptr[23] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[23]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[24], ((S_ptr[24] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[24]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[25], ((S_ptr[25] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[25]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[26], ((S_ptr[26] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[26]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[27], ((S_ptr[27] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[27]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[28], ((S_ptr[28] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[28]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[29], ((S_ptr[29] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[29]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[30], ((S_ptr[30] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[30]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[31], ((S_ptr[31] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[31]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[32], ((S_ptr[32] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[32]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[33], ((S_ptr[33] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[33]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[34], ((S_ptr[34] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[34]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[35], ((S_ptr[35] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[35]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[36], ((S_ptr[36] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[36]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[37], ((S_ptr[37] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[37]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[38], ((S_ptr[38] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[38]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[39], ((S_ptr[39] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[39]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[40], ((S_ptr[40] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[40]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[41], ((S_ptr[41] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[41]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[42], ((S_ptr[42] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[42]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[43], ((S_ptr[43] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[43]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[44], ((S_ptr[44] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[44]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[45], ((S_ptr[45] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[45]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[46], ((S_ptr[46] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[46]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[47], ((S_ptr[47] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[47]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[48], ((S_ptr[48] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[48]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[49], ((S_ptr[49] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[49]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[50], ((S_ptr[50] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[50]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[51], ((S_ptr[51] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[51]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[52], ((S_ptr[52] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[52]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[53], ((S_ptr[53] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[53]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[54], ((S_ptr[54] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[54]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[55], ((S_ptr[55] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[55]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[56], ((S_ptr[56] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[56]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[57], ((S_ptr[57] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[57]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[58], ((S_ptr[58] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[58]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[59], ((S_ptr[59] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[59]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[60], ((S_ptr[60] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[0] = (part_ptr_1[0] + S_ptr[60]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[61], ((S_ptr[61] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[0]));
      part_ptr_1[1] = (part_ptr_1[1] + S_ptr[61]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[62], ((S_ptr[62] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[2] = (part_ptr_1[2] + S_ptr[62]);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[63], ((S_ptr[63] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[1]));
      part_ptr_1[3] = (part_ptr_1[3] + S_ptr[63]);
      l_ptr[0] = ((l_ptr[0] * corr_ptr[0]) + (part_ptr_1[0] + part_ptr_1[1]));
      l_ptr[1] = ((l_ptr[1] * corr_ptr[1]) + (part_ptr_1[2] + part_ptr_1[3]));
      tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[0], S_ptr[1], S_ptr[0]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[1], S_ptr[3], S_ptr[2]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[2], S_ptr[5], S_ptr[4]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[3], S_ptr[7], S_ptr[6]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[4], S_ptr[9], S_ptr[8]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[5], S_ptr[11], S_ptr[10]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[6], S_ptr[13], S_ptr[12]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[7], S_ptr[15], S_ptr[14]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[8], S_ptr[17], S_ptr[16]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[9], S_ptr[19], S_ptr[18]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[10], S_ptr[21], S_ptr[20]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[11], S_ptr[23], S_ptr[22]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[12], S_ptr[25], S_ptr[24]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[13], S_ptr[27], S_ptr[26]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[14], S_ptr[29], S_ptr[28]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[15], S_ptr[31], S_ptr[30]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[16], S_ptr[33], S_ptr[32]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[17], S_ptr[35], S_ptr[34]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[18], S_ptr[37], S_ptr[36]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[19], S_ptr[39], S_ptr[38]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[20], S_ptr[41], S_ptr[40]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[21], S_ptr[43], S_ptr[42]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[22], S_ptr[45], S_ptr[44]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[23], S_ptr[47], S_ptr[46]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[24], S_ptr[49], S_ptr[48]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[25], S_ptr[51], S_ptr[50]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[26], S_ptr[53], S_ptr[52]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[27], S_ptr[55], S_ptr[54]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[28], S_ptr[57], S_ptr[56]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[29], S_ptr[59], S_ptr[58]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[30], S_ptr[61], S_ptr[60]);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[31], S_ptr[63], S_ptr[62]);
      tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[((j_1 + 2) % 3)]))));
    }
    O_acc_ptr[0] = (O_acc_ptr[0] * corr_ptr[0]);
    O_acc_ptr[1] = (O_acc_ptr[1] * corr_ptr[0]);
    O_acc_ptr[2] = (O_acc_ptr[2] * corr_ptr[1]);
    O_acc_ptr[3] = (O_acc_ptr[3] * corr_ptr[1]);
    O_acc_ptr[4] = (O_acc_ptr[4] * corr_ptr[0]);
    O_acc_ptr[5] = (O_acc_ptr[5] * corr_ptr[0]);
    O_acc_ptr[6] = (O_acc_ptr[6] * corr_ptr[1]);
    O_acc_ptr[7] = (O_acc_ptr[7] * corr_ptr[1]);
    O_acc_ptr[8] = (O_acc_ptr[8] * corr_ptr[0]);
    O_acc_ptr[9] = (O_acc_ptr[9] * corr_ptr[0]);
    O_acc_ptr[10] = (O_acc_ptr[10] * corr_ptr[1]);
    O_acc_ptr[11] = (O_acc_ptr[11] * corr_ptr[1]);
    O_acc_ptr[12] = (O_acc_ptr[12] * corr_ptr[0]);
    O_acc_ptr[13] = (O_acc_ptr[13] * corr_ptr[0]);
    O_acc_ptr[14] = (O_acc_ptr[14] * corr_ptr[1]);
    O_acc_ptr[15] = (O_acc_ptr[15] * corr_ptr[1]);
    O_acc_ptr[16] = (O_acc_ptr[16] * corr_ptr[0]);
    O_acc_ptr[17] = (O_acc_ptr[17] * corr_ptr[0]);
    O_acc_ptr[18] = (O_acc_ptr[18] * corr_ptr[1]);
    O_acc_ptr[19] = (O_acc_ptr[19] * corr_ptr[1]);
    O_acc_ptr[20] = (O_acc_ptr[20] * corr_ptr[0]);
    O_acc_ptr[21] = (O_acc_ptr[21] * corr_ptr[0]);
    O_acc_ptr[22] = (O_acc_ptr[22] * corr_ptr[1]);
    O_acc_ptr[23] = (O_acc_ptr[23] * corr_ptr[1]);
    O_acc_ptr[24] = (O_acc_ptr[24] * corr_ptr[0]);
    O_acc_ptr[25] = (O_acc_ptr[25] * corr_ptr[0]);
    O_acc_ptr[26] = (O_acc_ptr[26] * corr_ptr[1]);
    O_acc_ptr[27] = (O_acc_ptr[27] * corr_ptr[1]);
    O_acc_ptr[28] = (O_acc_ptr[28] * corr_ptr[0]);
    O_acc_ptr[29] = (O_acc_ptr[29] * corr_ptr[0]);
    O_acc_ptr[30] = (O_acc_ptr[30] * corr_ptr[1]);
    O_acc_ptr[31] = (O_acc_ptr[31] * corr_ptr[1]);
    tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
    int cse_v9 = (((int)blockIdx.x) * 8192);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[0], P_ptr[1], P_ptr[2], P_ptr[3], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(40960 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[4], P_ptr[5], P_ptr[6], P_ptr[7], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(41984 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[8], P_ptr[9], P_ptr[10], P_ptr[11], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(43008 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[12], P_ptr[13], P_ptr[14], P_ptr[15], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(44032 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[16], P_ptr[17], P_ptr[18], P_ptr[19], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(45056 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[20], P_ptr[21], P_ptr[22], P_ptr[23], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(46080 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[24], P_ptr[25], P_ptr[26], P_ptr[27], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(47104 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[28], P_ptr[29], P_ptr[30], P_ptr[31], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(48128 - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[(1 - ((int)blockIdx.x))]))));
  }
  if ((((int)threadIdx.y) < 2)) {
    tvm_builtin_ptx_bar_sync_count_sync((uint)1, (uint)256);
    alignas(64) float inv_ptr[2];
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    l_ptr[0] = (l_ptr[0] + __shfl_xor_sync((uint)4294967295, l_ptr[0], 1, 32));
    l_ptr[0] = (l_ptr[0] + __shfl_xor_sync((uint)4294967295, l_ptr[0], 2, 32));
    float condval_130;
    if (0x0p+0f/*0.000000e+00*/ < l_ptr[0]) {
      condval_130 = (0x1p+0f/*1.000000e+00*/ / l_ptr[0]);
    } else {
      condval_130 = 0x0p+0f/*0.000000e+00*/;
    }
    inv_ptr[0] = condval_130;
    if (((((int)threadIdx.x) % 4) == 0) && ((((((int)threadIdx.y) * 8) + ((((int)threadIdx.x) >> 5) * 2)) - (((int)blockIdx.x) * 16)) < 9)) {
      LSE_ptr[(((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))] = (((m_ptr[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/) + log2f(l_ptr[0])) * 0x1.62e42fefa39efp-1f/*6.931472e-01*/);
    }
    l_ptr[1] = (l_ptr[1] + __shfl_xor_sync((uint)4294967295, l_ptr[1], 1, 32));
    l_ptr[1] = (l_ptr[1] + __shfl_xor_sync((uint)4294967295, l_ptr[1], 2, 32));
    float condval_131;
    if (0x0p+0f/*0.000000e+00*/ < l_ptr[1]) {
      condval_131 = (0x1p+0f/*1.000000e+00*/ / l_ptr[1]);
    } else {
      condval_131 = 0x0p+0f/*0.000000e+00*/;
    }
    inv_ptr[1] = condval_131;
    if (((((int)threadIdx.x) % 4) == 0) && ((((int)threadIdx.y) - (((int)blockIdx.x) * 2)) < 1)) {
      LSE_ptr[(((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + ((((int)threadIdx.x) & 31) >> 2)) + 136) - (((int)blockIdx.x) * 128))] = (((m_ptr[1] * 0x1.71547652b82fep-3f/*1.803369e-01*/) + log2f(l_ptr[1])) * 0x1.62e42fefa39efp-1f/*6.931472e-01*/);
    }
    O_acc_ptr[0] = (O_acc_ptr[0] * inv_ptr[0]);
    O_acc_ptr[1] = (O_acc_ptr[1] * inv_ptr[0]);
    O_acc_ptr[2] = (O_acc_ptr[2] * inv_ptr[1]);
    O_acc_ptr[3] = (O_acc_ptr[3] * inv_ptr[1]);
    O_acc_ptr[4] = (O_acc_ptr[4] * inv_ptr[0]);
    O_acc_ptr[5] = (O_acc_ptr[5] * inv_ptr[0]);
    O_acc_ptr[6] = (O_acc_ptr[6] * inv_ptr[1]);
    O_acc_ptr[7] = (O_acc_ptr[7] * inv_ptr[1]);
    O_acc_ptr[8] = (O_acc_ptr[8] * inv_ptr[0]);
    O_acc_ptr[9] = (O_acc_ptr[9] * inv_ptr[0]);
    O_acc_ptr[10] = (O_acc_ptr[10] * inv_ptr[1]);
    O_acc_ptr[11] = (O_acc_ptr[11] * inv_ptr[1]);
    O_acc_ptr[12] = (O_acc_ptr[12] * inv_ptr[0]);
    O_acc_ptr[13] = (O_acc_ptr[13] * inv_ptr[0]);
    O_acc_ptr[14] = (O_acc_ptr[14] * inv_ptr[1]);
    O_acc_ptr[15] = (O_acc_ptr[15] * inv_ptr[1]);
    O_acc_ptr[16] = (O_acc_ptr[16] * inv_ptr[0]);
    O_acc_ptr[17] = (O_acc_ptr[17] * inv_ptr[0]);
    O_acc_ptr[18] = (O_acc_ptr[18] * inv_ptr[1]);
    O_acc_ptr[19] = (O_acc_ptr[19] * inv_ptr[1]);
    O_acc_ptr[20] = (O_acc_ptr[20] * inv_ptr[0]);
    O_acc_ptr[21] = (O_acc_ptr[21] * inv_ptr[0]);
    O_acc_ptr[22] = (O_acc_ptr[22] * inv_ptr[1]);
    O_acc_ptr[23] = (O_acc_ptr[23] * inv_ptr[1]);
    O_acc_ptr[24] = (O_acc_ptr[24] * inv_ptr[0]);
    O_acc_ptr[25] = (O_acc_ptr[25] * inv_ptr[0]);
    O_acc_ptr[26] = (O_acc_ptr[26] * inv_ptr[1]);
    O_acc_ptr[27] = (O_acc_ptr[27] * inv_ptr[1]);
    O_acc_ptr[28] = (O_acc_ptr[28] * inv_ptr[0]);
    O_acc_ptr[29] = (O_acc_ptr[29] * inv_ptr[0]);
    O_acc_ptr[30] = (O_acc_ptr[30] * inv_ptr[1]);
    O_acc_ptr[31] = (O_acc_ptr[31] * inv_ptr[1]);
    alignas(64) uint packed_ptr[4];
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[0], O_acc_ptr[1], O_acc_ptr[0]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[1], O_acc_ptr[3], O_acc_ptr[2]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[2], O_acc_ptr[5], O_acc_ptr[4]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[3], O_acc_ptr[7], O_acc_ptr[6]);
    int cse_v10 = (((int)threadIdx.x) & 15);
    int cse_v11 = (((int)threadIdx.y) * 4096);
    int cse_v18 = ((((int)threadIdx.x) & 7) * 8);
    int cse_v19 = ((((int)threadIdx.x) & 15) * 64);
    int cse_v20 = ((((int)threadIdx.x) >> 5) * 1024);
    int cse_v31 = (((((int)threadIdx.x) & 31) >> 4) * 8);
    int cse_v67 = (((((int)threadIdx.y) >> 1) * 8192) + (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((int)threadIdx.x) & 15)) & 127) * 64));
    tvm_builtin_ptx_stmatrix_sync_aligned_m8n8_x4_shared_b16(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((int)threadIdx.y) >> 1) * 8192) + (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((int)threadIdx.x) & 15)) & 127) * 64)) + ((((((int)threadIdx.x) & 31) >> 4) * 8) ^ ((((int)threadIdx.x) & 7) * 8)))]))), packed_ptr[0], packed_ptr[1], packed_ptr[2], packed_ptr[3]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[0], O_acc_ptr[9], O_acc_ptr[8]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[1], O_acc_ptr[11], O_acc_ptr[10]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[2], O_acc_ptr[13], O_acc_ptr[12]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[3], O_acc_ptr[15], O_acc_ptr[14]);
    tvm_builtin_ptx_stmatrix_sync_aligned_m8n8_x4_shared_b16(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((int)threadIdx.y) >> 1) * 8192) + (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((int)threadIdx.x) & 15)) & 127) * 64)) + (((((((int)threadIdx.x) & 31) >> 4) * 8) + 16) ^ ((((int)threadIdx.x) & 7) * 8)))]))), packed_ptr[0], packed_ptr[1], packed_ptr[2], packed_ptr[3]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[0], O_acc_ptr[17], O_acc_ptr[16]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[1], O_acc_ptr[19], O_acc_ptr[18]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[2], O_acc_ptr[21], O_acc_ptr[20]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[3], O_acc_ptr[23], O_acc_ptr[22]);
    tvm_builtin_ptx_stmatrix_sync_aligned_m8n8_x4_shared_b16(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((int)threadIdx.y) >> 1) * 8192) + (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((int)threadIdx.x) & 15)) & 127) * 64)) + (((((((int)threadIdx.x) & 31) >> 4) * 8) + 32) ^ ((((int)threadIdx.x) & 7) * 8)))]))), packed_ptr[0], packed_ptr[1], packed_ptr[2], packed_ptr[3]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[0], O_acc_ptr[25], O_acc_ptr[24]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[1], O_acc_ptr[27], O_acc_ptr[26]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[2], O_acc_ptr[29], O_acc_ptr[28]);
    tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[3], O_acc_ptr[31], O_acc_ptr[30]);
    tvm_builtin_ptx_stmatrix_sync_aligned_m8n8_x4_shared_b16(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((int)threadIdx.y) >> 1) * 8192) + (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((int)threadIdx.x) & 15)) & 127) * 64)) + (((((((int)threadIdx.x) & 31) >> 4) * 8) + 48) ^ ((((int)threadIdx.x) & 7) * 8)))]))), packed_ptr[0], packed_ptr[1], packed_ptr[2], packed_ptr[3]);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
    tvm_builtin_ptx_bar_sync_count_sync((uint)1, (uint)256);
    if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
      tvm_builtin_ptx_cp_async_bulk_tensor_s2g_async_bulk_tensor_4d_global_shared__cta_tile_bulk_group(((void*)((unsigned long long)(&(O_tmap3)))), 0, 0, (128 - (((int)blockIdx.x) * 128)), 0, tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[0]))));
      tvm_builtin_ptx_cp_async_bulk_commit_group_async_bulk_commit_group();
    }
  }
  if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_cp_async_bulk_wait_group_async_bulk_wait_group_0();
  }
  __syncthreads();
  if (((((int)threadIdx.y) * 128) + ((int)threadIdx.x)) == 0) {
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_copy0_ptr[0]))));
  }
}
