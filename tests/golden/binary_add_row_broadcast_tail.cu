__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" :  : "r"(__addr) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_cg_async_cg_shared_global_16(uint32_t __dst_mem, const void* __src_mem) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :  : "r"(__dst_mem), "l"(__src_mem) : "memory");
}
__forceinline__ __device__ void tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(uint32_t __addr) {
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" :  : "r"(__addr) : "memory");
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
extern "C" __global__ void __launch_bounds__(250) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, half* __restrict__ C_ptr);
extern "C" __global__ void __launch_bounds__(250) main_kernel(half* __restrict__ A_ptr, half* __restrict__ B_ptr, half* __restrict__ C_ptr) {
  tvm_builtin_ptx_griddepcontrol_wait();
  __shared__ alignas(8) uint64_t tma_bar_q0_ptr[4];
  extern __shared__ __align__(128) half A_shared_dyn_ptr[];
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)251);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)251);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)251);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))), (uint)251);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)8000);
  }
  int cse_v1 = (((int)blockIdx.x) * 64000);
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[0]))), (&(A_ptr[(((int)blockIdx.x) * 64000)])), (uint)8000, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  }
  tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)8000);
  }
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[4000]))), (&(A_ptr[((((int)blockIdx.x) * 64000) + 4000)])), (uint)8000, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  }
  tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)8000);
  }
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[8000]))), (&(A_ptr[((((int)blockIdx.x) * 64000) + 8000)])), (uint)8000, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  }
  tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  int cse_v2 = (((int)blockIdx.x) * 64);
  int cse_v7 = (((int)threadIdx.x) * 4);
  for (int r_1 = 0; r_1 < 13; ++r_1) {
    __syncthreads();
    int cse_v11 = ((r_1 + 3) & 3);
    int cse_v12 = ((((int)blockIdx.x) * 32) + (r_1 * 2));
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((r_1 + 3) & 3)]))), ((((((int)blockIdx.x) * 32) + (r_1 * 2)) < 493) ? (uint)8000 : (uint)0));
    }
    int cse_v13 = ((((int)blockIdx.x) * 64000) + (r_1 * 4000));
    int cse_v14 = ((((int)blockIdx.x) * 64) + (r_1 * 4));
    int cse_v15 = (((r_1 + 3) & 3) * 4000);
    if (((((int)blockIdx.x) * 32) + (r_1 * 2)) < 493) {
      if (((int)threadIdx.x) < 1) {
        tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(((r_1 + 3) & 3) * 4000)]))), (&(A_ptr[(((((int)blockIdx.x) * 64000) + (r_1 * 4000)) + 12000)])), (uint)8000, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((r_1 + 3) & 3)]))));
      }
    } else {
      for (int ax0_ax1_fused_0 = 0; ax0_ax1_fused_0 < 2; ++ax0_ax1_fused_0) {
        if (((((((int)blockIdx.x) * 64) + (r_1 * 4)) + (ax0_ax1_fused_0 * 2)) + (((int)threadIdx.x) / 125)) < 989) {
          int cse_v3 = (ax0_ax1_fused_0 * 2000);
          int cse_v4 = (((int)threadIdx.x) * 8);
          tvm_builtin_ptx_cp_async_cg_async_cg_shared_global_16(tvm_builtin_cuda_cvta_generic_to_shared((&(A_shared_dyn_ptr[(((((r_1 + 3) & 3) * 4000) + (ax0_ax1_fused_0 * 2000)) + (((int)threadIdx.x) * 8))]))), (&(A_ptr[(((((((int)blockIdx.x) * 64000) + (r_1 * 4000)) + (ax0_ax1_fused_0 * 2000)) + (((int)threadIdx.x) * 8)) + 12000)])));
        }
      }
    }
    tvm_builtin_ptx_cp_async_mbarrier_arrive_async_mbarrier_arrive_noinc_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((r_1 + 3) & 3)]))));
    int cse_v5 = (r_1 & 3);
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[(r_1 & 3)])), ((r_1 & 7) >> 2));
    for (int r_2_c_fused_0 = 0; r_2_c_fused_0 < 4; ++r_2_c_fused_0) {
      if ((((((int)blockIdx.x) * 64) + (r_1 * 4)) + r_2_c_fused_0) < 1001) {
        int cse_v6 = (r_2_c_fused_0 * 1000);
        half4 __1;
        float4 __2;
          float4 __3;
          half4 v_ = *(half4*)(A_shared_dyn_ptr + ((((r_1 & 3) * 4000) + (r_2_c_fused_0 * 1000)) + (((int)threadIdx.x) * 4)));
          __3.x = (float)(v_.x);
          __3.y = (float)(v_.y);
          __3.z = (float)(v_.z);
          __3.w = (float)(v_.w);
          float4 __4;
          half4 v__1 = *(half4*)(B_ptr + (((int)threadIdx.x) * 4));
          __4.x = (float)(v__1.x);
          __4.y = (float)(v__1.y);
          __4.z = (float)(v__1.z);
          __4.w = (float)(v__1.w);
          __2.x = (__3.x+__4.x);
          __2.y = (__3.y+__4.y);
          __2.z = (__3.z+__4.z);
          __2.w = (__3.w+__4.w);
        __1.x = (half)(__2.x);
        __1.y = (half)(__2.y);
        __1.z = (half)(__2.z);
        __1.w = (half)(__2.w);
        *(half4*)(C_ptr + ((((((int)blockIdx.x) * 64000) + (r_1 * 4000)) + (r_2_c_fused_0 * 1000)) + (((int)threadIdx.x) * 4))) = __1;
      }
    }
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[1])), 1);
  for (int r_2_c_fused_0_1 = 0; r_2_c_fused_0_1 < 4; ++r_2_c_fused_0_1) {
    if (((((int)blockIdx.x) * 64) + r_2_c_fused_0_1) < 949) {
      int cse_v8 = (r_2_c_fused_0_1 * 1000);
      half4 __5;
      float4 __6;
        float4 __7;
        half4 v__2 = *(half4*)(A_shared_dyn_ptr + (((r_2_c_fused_0_1 * 1000) + (((int)threadIdx.x) * 4)) + 4000));
        __7.x = (float)(v__2.x);
        __7.y = (float)(v__2.y);
        __7.z = (float)(v__2.z);
        __7.w = (float)(v__2.w);
        float4 __8;
        half4 v__3 = *(half4*)(B_ptr + (((int)threadIdx.x) * 4));
        __8.x = (float)(v__3.x);
        __8.y = (float)(v__3.y);
        __8.z = (float)(v__3.z);
        __8.w = (float)(v__3.w);
        __6.x = (__7.x+__8.x);
        __6.y = (__7.y+__8.y);
        __6.z = (__7.z+__8.z);
        __6.w = (__7.w+__8.w);
      __5.x = (half)(__6.x);
      __5.y = (half)(__6.y);
      __5.z = (half)(__6.z);
      __5.w = (half)(__6.w);
      *(half4*)(C_ptr + ((((((int)blockIdx.x) * 64000) + (r_2_c_fused_0_1 * 1000)) + (((int)threadIdx.x) * 4)) + 52000)) = __5;
    }
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[2])), 1);
  for (int r_2_c_fused_0_2 = 0; r_2_c_fused_0_2 < 4; ++r_2_c_fused_0_2) {
    if (((((int)blockIdx.x) * 64) + r_2_c_fused_0_2) < 945) {
      int cse_v9 = (r_2_c_fused_0_2 * 1000);
      half4 __9;
      float4 __10;
        float4 __11;
        half4 v__4 = *(half4*)(A_shared_dyn_ptr + (((r_2_c_fused_0_2 * 1000) + (((int)threadIdx.x) * 4)) + 8000));
        __11.x = (float)(v__4.x);
        __11.y = (float)(v__4.y);
        __11.z = (float)(v__4.z);
        __11.w = (float)(v__4.w);
        float4 __12;
        half4 v__5 = *(half4*)(B_ptr + (((int)threadIdx.x) * 4));
        __12.x = (float)(v__5.x);
        __12.y = (float)(v__5.y);
        __12.z = (float)(v__5.z);
        __12.w = (float)(v__5.w);
        __10.x = (__11.x+__12.x);
        __10.y = (__11.y+__12.y);
        __10.z = (__11.z+__12.z);
        __10.w = (__11.w+__12.w);
      __9.x = (half)(__10.x);
      __9.y = (half)(__10.y);
      __9.z = (half)(__10.z);
      __9.w = (half)(__10.w);
      *(half4*)(C_ptr + ((((((int)blockIdx.x) * 64000) + (r_2_c_fused_0_2 * 1000)) + (((int)threadIdx.x) * 4)) + 56000)) = __9;
    }
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[3])), 1);
  for (int r_2_c_fused_0_3 = 0; r_2_c_fused_0_3 < 4; ++r_2_c_fused_0_3) {
    if (((((int)blockIdx.x) * 64) + r_2_c_fused_0_3) < 941) {
      int cse_v10 = (r_2_c_fused_0_3 * 1000);
      half4 __13;
      float4 __14;
        float4 __15;
        half4 v__6 = *(half4*)(A_shared_dyn_ptr + (((r_2_c_fused_0_3 * 1000) + (((int)threadIdx.x) * 4)) + 12000));
        __15.x = (float)(v__6.x);
        __15.y = (float)(v__6.y);
        __15.z = (float)(v__6.z);
        __15.w = (float)(v__6.w);
        float4 __16;
        half4 v__7 = *(half4*)(B_ptr + (((int)threadIdx.x) * 4));
        __16.x = (float)(v__7.x);
        __16.y = (float)(v__7.y);
        __16.z = (float)(v__7.z);
        __16.w = (float)(v__7.w);
        __14.x = (__15.x+__16.x);
        __14.y = (__15.y+__16.y);
        __14.z = (__15.z+__16.z);
        __14.w = (__15.w+__16.w);
      __13.x = (half)(__14.x);
      __13.y = (half)(__14.y);
      __13.z = (half)(__14.z);
      __13.w = (half)(__14.w);
      *(half4*)(C_ptr + ((((((int)blockIdx.x) * 64000) + (r_2_c_fused_0_3 * 1000)) + (((int)threadIdx.x) * 4)) + 60000)) = __13;
    }
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))));
  }
}
