__forceinline__ __device__ void tvm_builtin_ptx_cp_async_bulk_tensor_s2g_async_bulk_tensor_4d_global_shared__cta_tile_bulk_group(const void* __tmap, int32_t __coords0, int32_t __coords1, int32_t __coords2, int32_t __coords3, uint32_t __src_mem) {
  asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.tile.bulk_group [%0, {%1, %2, %3, %4}], [%5];" :  : "l"(__tmap), "r"(__coords0), "r"(__coords1), "r"(__coords2), "r"(__coords3), "r"(__src_mem) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_stmatrix_sync_aligned_m8n8_x4_shared_b16(uint32_t __p, uint32_t __r0, uint32_t __r1, uint32_t __r2, uint32_t __r3) {
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :  : "r"(__p), "r"(__r0), "r"(__r1), "r"(__r2), "r"(__r3) : "memory");
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
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(float& __d0, float& __d1, float& __d2, float& __d3, float& __d4, float& __d5, float& __d6, float& __d7, float& __d8, float& __d9, float& __d10, float& __d11, float& __d12, float& __d13, float& __d14, float& __d15, float& __d16, float& __d17, float& __d18, float& __d19, float& __d20, float& __d21, float& __d22, float& __d23, float& __d24, float& __d25, float& __d26, float& __d27, float& __d28, float& __d29, float& __d30, float& __d31, float& __d32, float& __d33, float& __d34, float& __d35, float& __d36, float& __d37, float& __d38, float& __d39, float& __d40, float& __d41, float& __d42, float& __d43, float& __d44, float& __d45, float& __d46, float& __d47, float& __d48, float& __d49, float& __d50, float& __d51, float& __d52, float& __d53, float& __d54, float& __d55, float& __d56, float& __d57, float& __d58, float& __d59, float& __d60, float& __d61, float& __d62, float& __d63, uint64_t __a_desc, uint64_t __b_desc, uint32_t __scale_d) {
  asm volatile("{ .reg .pred ps0; setp.ne.b32 ps0, %66, 0; wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, ps0, 1, 1, 0, 0; }" : "+f"(__d0), "+f"(__d1), "+f"(__d2), "+f"(__d3), "+f"(__d4), "+f"(__d5), "+f"(__d6), "+f"(__d7), "+f"(__d8), "+f"(__d9), "+f"(__d10), "+f"(__d11), "+f"(__d12), "+f"(__d13), "+f"(__d14), "+f"(__d15), "+f"(__d16), "+f"(__d17), "+f"(__d18), "+f"(__d19), "+f"(__d20), "+f"(__d21), "+f"(__d22), "+f"(__d23), "+f"(__d24), "+f"(__d25), "+f"(__d26), "+f"(__d27), "+f"(__d28), "+f"(__d29), "+f"(__d30), "+f"(__d31), "+f"(__d32), "+f"(__d33), "+f"(__d34), "+f"(__d35), "+f"(__d36), "+f"(__d37), "+f"(__d38), "+f"(__d39), "+f"(__d40), "+f"(__d41), "+f"(__d42), "+f"(__d43), "+f"(__d44), "+f"(__d45), "+f"(__d46), "+f"(__d47), "+f"(__d48), "+f"(__d49), "+f"(__d50), "+f"(__d51), "+f"(__d52), "+f"(__d53), "+f"(__d54), "+f"(__d55), "+f"(__d56), "+f"(__d57), "+f"(__d58), "+f"(__d59), "+f"(__d60), "+f"(__d61), "+f"(__d62), "+f"(__d63) : "l"(__a_desc), "l"(__b_desc), "r"(__scale_d));
}
__forceinline__ __device__ void tvm_builtin_ptx_wgmma_fence_fence_sync_aligned() {
  asm volatile("wgmma.fence.sync.aligned;" :  :  : "memory");
}
extern "C" __global__ void __launch_bounds__(384, 1) main_kernel(const __grid_constant__ CUtensorMap K_tmap0, float* __restrict__ LSE_ptr, const __grid_constant__ CUtensorMap O_tmap3, const __grid_constant__ CUtensorMap Q_tmap2, const __grid_constant__ CUtensorMap V_tmap1);
extern "C" __global__ void __launch_bounds__(384, 1) main_kernel(const __grid_constant__ CUtensorMap K_tmap0, float* __restrict__ LSE_ptr, const __grid_constant__ CUtensorMap O_tmap3, const __grid_constant__ CUtensorMap Q_tmap2, const __grid_constant__ CUtensorMap V_tmap1) {
  tvm_builtin_ptx_griddepcontrol_wait();
  extern __shared__ __align__(1024) uchar buf_dyn_shmem_ptr[];
  __shared__ alignas(8) uint64_t tma_bar_copy0_ptr[1];
  int cse_v28 = ((((int)threadIdx.y) * 128) + ((int)threadIdx.x));
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
  int cse_v5 = (((int)threadIdx.x) & 3);
  int cse_v6 = (((int)threadIdx.x) >> 5);
  int cse_v7 = (((int)threadIdx.x) & 31);
  int cse_v29 = (128 - (((int)blockIdx.x) * 128));
  int cse_v33 = ((((int)threadIdx.x) & 31) >> 2);
  int cse_v35 = ((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16));
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
    #pragma unroll
    for (int r = 0; r < 32; ++r) {
      O_acc_ptr[r] = 0x0p+0f/*0.000000e+00*/;
    }
    #pragma unroll
    for (int hh = 0; hh < 2; ++hh) {
      m_ptr[hh] = -CUDART_INF_F;
      l_ptr[hh] = 0x0p+0f/*0.000000e+00*/;
    }
    if (((int)threadIdx.y) == 0) {
      tvm_builtin_ptx_bar_arrive_arrive((uint)2, (uint)256);
    }
    alignas(64) float S_ptr[64];
    alignas(64) uint P_ptr[32];
    alignas(64) float corr_ptr[2];
    tvm_builtin_cuda_mbarrier_wait((&(tma_full_ptr[0])), 0);
    uint cse_v30 = ((uint)(((int)threadIdx.y) + 2));
    tvm_builtin_ptx_bar_sync_count_sync(((uint)(((int)threadIdx.y) + 2)), (uint)256);
    tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
    int cse_v31 = ((((int)threadIdx.y) & 1) * 4096);
    #pragma unroll
    for (int kk = 0; kk < 4; ++kk) {
      int cse_v4 = (kk * 16);
      tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + (kk * 16))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((kk * 16) + 8192)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (0 < kk));
    }
    tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
    uint cse_v37 = ((uint)(((((int)threadIdx.y) + 1) & 1) + 2));
    tvm_builtin_ptx_bar_arrive_arrive(((uint)(((((int)threadIdx.y) + 1) & 1) + 2)), (uint)256);
    alignas(64) float ms_ptr[2];
    alignas(64) float part_ptr[4];
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    int cse_v32 = ((((int)threadIdx.x) & 3) * 2);
    if (0 < ((int)blockIdx.x)) {
      #pragma unroll
      for (int r_1 = 0; r_1 < 64; ++r_1) {
        float condval;
        if (((((r_1 >> 2) * 8) + ((((int)threadIdx.x) & 3) * 2)) + (r_1 & 1)) <= ((((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((r_1 & 3) >> 1) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
          condval = S_ptr[r_1];
        } else {
          condval = -CUDART_INF_F;
        }
        S_ptr[r_1] = condval;
      }
    }
    #pragma unroll
    for (int hh_1 = 0; hh_1 < 2; ++hh_1) {
      alignas(64) float mx_ptr[1];
      int cse_v8 = (hh_1 * 2);
      #pragma unroll
      for (int q = 0; q < 4; ++q) {
        part_ptr[q] = S_ptr[((((q >> 1) * 4) + (hh_1 * 2)) + (q & 1))];
      }
      #pragma unroll
      for (int r_2 = 0; r_2 < 28; ++r_2) {
        int cse_v9 = (r_2 & 3);
        part_ptr[(r_2 & 3)] = max(part_ptr[(r_2 & 3)], S_ptr[(((((r_2 >> 1) * 4) + (hh_1 * 2)) + (r_2 & 1)) + 8)]);
      }
      mx_ptr[0] = max(max(part_ptr[0], part_ptr[1]), max(part_ptr[2], max(part_ptr[3], m_ptr[hh_1])));
      mx_ptr[0] = max(mx_ptr[0], __shfl_xor_sync((uint)4294967295, mx_ptr[0], 1, 32));
      mx_ptr[0] = max(mx_ptr[0], __shfl_xor_sync((uint)4294967295, mx_ptr[0], 2, 32));
      float condval_1;
      if (mx_ptr[0] == -CUDART_INF_F) {
        condval_1 = 0x0p+0f/*0.000000e+00*/;
      } else {
        condval_1 = (mx_ptr[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/);
      }
      ms_ptr[hh_1] = condval_1;
      tvm_builtin_ptx_ex2_approx_ftz_f32(corr_ptr[hh_1], ((m_ptr[hh_1] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[hh_1]));
      m_ptr[hh_1] = mx_ptr[0];
    }
    #pragma unroll
    for (int q_1 = 0; q_1 < 4; ++q_1) {
      part_ptr[q_1] = 0x0p+0f/*0.000000e+00*/;
    }
    #pragma unroll
    for (int r_3 = 0; r_3 < 64; ++r_3) {
      int cse_v10 = (r_3 & 3);
      tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[r_3], ((S_ptr[r_3] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr[((r_3 & 3) >> 1)]));
      part_ptr[(r_3 & 3)] = (part_ptr[(r_3 & 3)] + S_ptr[r_3]);
    }
    #pragma unroll
    for (int hh_2 = 0; hh_2 < 2; ++hh_2) {
      int cse_v11 = (hh_2 * 2);
      l_ptr[hh_2] = ((l_ptr[hh_2] * corr_ptr[hh_2]) + (part_ptr[(hh_2 * 2)] + part_ptr[((hh_2 * 2) + 1)]));
    }
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    #pragma unroll
    for (int k = 0; k < 32; ++k) {
      int cse_v12 = (k * 2);
      tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[k], S_ptr[((k * 2) + 1)], S_ptr[(k * 2)]);
    }
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    int cse_v13 = (1 - ((int)blockIdx.x));
    for (int j_1 = 1; j_1 < (2 - ((int)blockIdx.x)); ++j_1) {
      tvm_builtin_cuda_mbarrier_wait((&(tma_full_ptr[j_1])), 0);
      tvm_builtin_ptx_bar_sync_count_sync(((uint)(((int)threadIdx.y) + 2)), (uint)256);
      tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
      int cse_v15 = (j_1 * 8192);
      #pragma unroll
      for (int kk_1 = 0; kk_1 < 4; ++kk_1) {
        int cse_v14 = (kk_1 * 16);
        tvm_builtin_ptx_wgmma_f16_ss_mma_async_sync_aligned_m64n128k16_f32_f16_f16_1_1_0_0(S_ptr[0], S_ptr[1], S_ptr[2], S_ptr[3], S_ptr[4], S_ptr[5], S_ptr[6], S_ptr[7], S_ptr[8], S_ptr[9], S_ptr[10], S_ptr[11], S_ptr[12], S_ptr[13], S_ptr[14], S_ptr[15], S_ptr[16], S_ptr[17], S_ptr[18], S_ptr[19], S_ptr[20], S_ptr[21], S_ptr[22], S_ptr[23], S_ptr[24], S_ptr[25], S_ptr[26], S_ptr[27], S_ptr[28], S_ptr[29], S_ptr[30], S_ptr[31], S_ptr[32], S_ptr[33], S_ptr[34], S_ptr[35], S_ptr[36], S_ptr[37], S_ptr[38], S_ptr[39], S_ptr[40], S_ptr[41], S_ptr[42], S_ptr[43], S_ptr[44], S_ptr[45], S_ptr[46], S_ptr[47], S_ptr[48], S_ptr[49], S_ptr[50], S_ptr[51], S_ptr[52], S_ptr[53], S_ptr[54], S_ptr[55], S_ptr[56], S_ptr[57], S_ptr[58], S_ptr[59], S_ptr[60], S_ptr[61], S_ptr[62], S_ptr[63], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((((int)threadIdx.y) & 1) * 4096) + (kk_1 * 16))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((j_1 * 8192) + (kk_1 * 16)) + 8192)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293305360384ULL), (0 < kk_1));
      }
      tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
      #pragma unroll
      for (int r_4 = 0; r_4 < 32; ++r_4) {
        O_acc_ptr[r_4] = (O_acc_ptr[r_4] * corr_ptr[((r_4 & 3) >> 1)]);
      }
      tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
      #pragma unroll
      for (int kk_2 = 0; kk_2 < 8; ++kk_2) {
        int cse_v16 = (kk_2 * 4);
        int cse_v17 = (kk_2 * 1024);
        tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[(kk_2 * 4)], P_ptr[((kk_2 * 4) + 1)], P_ptr[((kk_2 * 4) + 2)], P_ptr[((kk_2 * 4) + 3)], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((j_1 * 8192) + (kk_2 * 1024)) + 24576)]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
      }
      tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
      tvm_builtin_ptx_bar_arrive_arrive(((uint)(((((int)threadIdx.y) + 1) & 1) + 2)), (uint)256);
      alignas(64) float ms_ptr_1[2];
      alignas(64) float part_ptr_1[4];
      tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_1();
      #pragma unroll
      for (int r_5 = 0; r_5 < 64; ++r_5) {
        float condval_2;
        if (((((j_1 * 128) + ((r_5 >> 2) * 8)) + ((((int)threadIdx.x) & 3) * 2)) + (r_5 & 1)) <= ((((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((r_5 & 3) >> 1) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))) {
          condval_2 = S_ptr[r_5];
        } else {
          condval_2 = -CUDART_INF_F;
        }
        S_ptr[r_5] = condval_2;
      }
      #pragma unroll
      for (int hh_3 = 0; hh_3 < 2; ++hh_3) {
        alignas(64) float mx_ptr_1[1];
        int cse_v18 = (hh_3 * 2);
        #pragma unroll
        for (int q_2 = 0; q_2 < 4; ++q_2) {
          part_ptr_1[q_2] = S_ptr[((((q_2 >> 1) * 4) + (hh_3 * 2)) + (q_2 & 1))];
        }
        #pragma unroll
        for (int r_6 = 0; r_6 < 28; ++r_6) {
          int cse_v19 = (r_6 & 3);
          part_ptr_1[(r_6 & 3)] = max(part_ptr_1[(r_6 & 3)], S_ptr[(((((r_6 >> 1) * 4) + (hh_3 * 2)) + (r_6 & 1)) + 8)]);
        }
        mx_ptr_1[0] = max(max(part_ptr_1[0], part_ptr_1[1]), max(part_ptr_1[2], max(part_ptr_1[3], m_ptr[hh_3])));
        mx_ptr_1[0] = max(mx_ptr_1[0], __shfl_xor_sync((uint)4294967295, mx_ptr_1[0], 1, 32));
        mx_ptr_1[0] = max(mx_ptr_1[0], __shfl_xor_sync((uint)4294967295, mx_ptr_1[0], 2, 32));
        float condval_3;
        if (mx_ptr_1[0] == -CUDART_INF_F) {
          condval_3 = 0x0p+0f/*0.000000e+00*/;
        } else {
          condval_3 = (mx_ptr_1[0] * 0x1.71547652b82fep-3f/*1.803369e-01*/);
        }
        ms_ptr_1[hh_3] = condval_3;
        tvm_builtin_ptx_ex2_approx_ftz_f32(corr_ptr[hh_3], ((m_ptr[hh_3] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[hh_3]));
        m_ptr[hh_3] = mx_ptr_1[0];
      }
      #pragma unroll
      for (int q_3 = 0; q_3 < 4; ++q_3) {
        part_ptr_1[q_3] = 0x0p+0f/*0.000000e+00*/;
      }
      #pragma unroll
      for (int r_7 = 0; r_7 < 64; ++r_7) {
        int cse_v20 = (r_7 & 3);
        tvm_builtin_ptx_ex2_approx_ftz_f32(S_ptr[r_7], ((S_ptr[r_7] * 0x1.71547652b82fep-3f/*1.803369e-01*/) - ms_ptr_1[((r_7 & 3) >> 1)]));
        part_ptr_1[(r_7 & 3)] = (part_ptr_1[(r_7 & 3)] + S_ptr[r_7]);
      }
      #pragma unroll
      for (int hh_4 = 0; hh_4 < 2; ++hh_4) {
        int cse_v21 = (hh_4 * 2);
        l_ptr[hh_4] = ((l_ptr[hh_4] * corr_ptr[hh_4]) + (part_ptr_1[(hh_4 * 2)] + part_ptr_1[((hh_4 * 2) + 1)]));
      }
      tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
      #pragma unroll
      for (int k_1 = 0; k_1 < 32; ++k_1) {
        int cse_v22 = (k_1 * 2);
        tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(P_ptr[k_1], S_ptr[((k_1 * 2) + 1)], S_ptr[(k_1 * 2)]);
      }
      tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[(j_1 - 1)]))));
    }
    #pragma unroll
    for (int r_8 = 0; r_8 < 32; ++r_8) {
      O_acc_ptr[r_8] = (O_acc_ptr[r_8] * corr_ptr[((r_8 & 3) >> 1)]);
    }
    tvm_builtin_ptx_wgmma_fence_fence_sync_aligned();
    #pragma unroll
    for (int kk_3 = 0; kk_3 < 8; ++kk_3) {
      int cse_v23 = (kk_3 * 4);
      int cse_v24 = (kk_3 * 1024);
      int cse_v25 = (((int)blockIdx.x) * 8192);
      tvm_builtin_ptx_wgmma_f16_rs_mma_async_sync_aligned_m64n64k16_f32_f16_f16_1_1_1(O_acc_ptr[0], O_acc_ptr[1], O_acc_ptr[2], O_acc_ptr[3], O_acc_ptr[4], O_acc_ptr[5], O_acc_ptr[6], O_acc_ptr[7], O_acc_ptr[8], O_acc_ptr[9], O_acc_ptr[10], O_acc_ptr[11], O_acc_ptr[12], O_acc_ptr[13], O_acc_ptr[14], O_acc_ptr[15], O_acc_ptr[16], O_acc_ptr[17], O_acc_ptr[18], O_acc_ptr[19], O_acc_ptr[20], O_acc_ptr[21], O_acc_ptr[22], O_acc_ptr[23], O_acc_ptr[24], O_acc_ptr[25], O_acc_ptr[26], O_acc_ptr[27], O_acc_ptr[28], O_acc_ptr[29], O_acc_ptr[30], O_acc_ptr[31], P_ptr[(kk_3 * 4)], P_ptr[((kk_3 * 4) + 1)], P_ptr[((kk_3 * 4) + 2)], P_ptr[((kk_3 * 4) + 3)], (((uint64_t)((tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[(((kk_3 * 1024) + 40960) - (((int)blockIdx.x) * 8192))]))) >> (uint)4) & (uint)16383)) | (uint64_t)4611686293372403712ULL), (uint)1);
    }
    tvm_builtin_ptx_wgmma_commit_group_commit_group_sync_aligned();
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    tvm_builtin_ptx_mbarrier_arrive_nocount_arrive_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_empty_ptr[(1 - ((int)blockIdx.x))]))));
  }
  if ((((int)threadIdx.y) < 2)) {
    tvm_builtin_ptx_bar_sync_count_sync((uint)1, (uint)256);
    alignas(64) float inv_ptr[2];
    tvm_builtin_ptx_wgmma_wait_group_wait_group_sync_aligned_0();
    #pragma unroll
    for (int hh_5 = 0; hh_5 < 2; ++hh_5) {
      l_ptr[hh_5] = (l_ptr[hh_5] + __shfl_xor_sync((uint)4294967295, l_ptr[hh_5], 1, 32));
      l_ptr[hh_5] = (l_ptr[hh_5] + __shfl_xor_sync((uint)4294967295, l_ptr[hh_5], 2, 32));
      float condval_4;
      if (0x0p+0f/*0.000000e+00*/ < l_ptr[hh_5]) {
        condval_4 = (0x1p+0f/*1.000000e+00*/ / l_ptr[hh_5]);
      } else {
        condval_4 = 0x0p+0f/*0.000000e+00*/;
      }
      inv_ptr[hh_5] = condval_4;
      if (((((int)threadIdx.x) % 4) == 0) && (((((((int)threadIdx.y) * 8) + ((((int)threadIdx.x) >> 5) * 2)) + hh_5) - (((int)blockIdx.x) * 16)) < 9)) {
        LSE_ptr[((((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (hh_5 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 128) - (((int)blockIdx.x) * 128))] = (((m_ptr[hh_5] * 0x1.71547652b82fep-3f/*1.803369e-01*/) + log2f(l_ptr[hh_5])) * 0x1.62e42fefa39efp-1f/*6.931472e-01*/);
      }
    }
    #pragma unroll
    for (int r_9 = 0; r_9 < 32; ++r_9) {
      O_acc_ptr[r_9] = (O_acc_ptr[r_9] * inv_ptr[((r_9 & 3) >> 1)]);
    }
    alignas(64) uint packed_ptr[4];
    #pragma unroll
    for (int col = 0; col < 4; ++col) {
      #pragma unroll
      for (int m = 0; m < 4; ++m) {
        int cse_v34 = ((col * 8) + (m * 2));
        tvm_builtin_ptx_cvt_f16x2_f32_rn_f16x2_f32(packed_ptr[m], O_acc_ptr[(((col * 8) + (m * 2)) + 1)], O_acc_ptr[((col * 8) + (m * 2))]);
      }
      int cse_v26 = (((int)threadIdx.x) & 15);
      int cse_v27 = (col * 16);
      int cse_v36 = (((((int)threadIdx.x) & 31) >> 4) * 8);
      tvm_builtin_ptx_stmatrix_sync_aligned_m8n8_x4_shared_b16(tvm_builtin_cuda_cvta_generic_to_shared((&(((half*)buf_dyn_shmem_ptr)[((((((int)threadIdx.y) >> 1) * 8192) + (((((((int)threadIdx.y) * 64) + ((((int)threadIdx.x) >> 5) * 16)) + (((int)threadIdx.x) & 15)) & 127) * 64)) + (((col * 16) + (((((int)threadIdx.x) & 31) >> 4) * 8)) ^ ((((int)threadIdx.x) & 7) * 8)))]))), packed_ptr[0], packed_ptr[1], packed_ptr[2], packed_ptr[3]);
    }
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
