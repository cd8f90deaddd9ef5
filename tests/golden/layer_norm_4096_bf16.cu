__forceinline__ __device__ void tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(uint32_t __addr) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" :  : "r"(__addr) : "memory");
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
extern "C" __global__ void __launch_bounds__(128) main_kernel(nv_bfloat16* __restrict__ b_ptr, nv_bfloat16* __restrict__ w_ptr, nv_bfloat16* __restrict__ x_ptr, nv_bfloat16* __restrict__ y_ptr);
extern "C" __global__ void __launch_bounds__(128) main_kernel(nv_bfloat16* __restrict__ b_ptr, nv_bfloat16* __restrict__ w_ptr, nv_bfloat16* __restrict__ x_ptr, nv_bfloat16* __restrict__ y_ptr) {
  tvm_builtin_ptx_griddepcontrol_wait();
  __shared__ alignas(8) uint64_t tma_bar_q0_ptr[4];
  extern __shared__ __align__(128) nv_bfloat16 x_shared_dyn_ptr[];
  alignas(64) float partial0_local_ptr[1];
  __shared__ alignas(64) float red_result_ptr[1];
  __shared__ alignas(64) float stat0_local_shared_ptr[1];
  alignas(64) float row0_local_ptr[1];
  alignas(64) float partial1_local_ptr[1];
  __shared__ alignas(64) float red_result_ptr_1[1];
  __shared__ alignas(64) float stat1_local_shared_ptr[1];
  alignas(64) float row1_local_ptr[1];
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))), (uint)1);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)2048);
  }
  int cse_v1 = (((int)blockIdx.x) * 4096);
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[0]))), (&(x_ptr[(((int)blockIdx.x) * 4096)])), (uint)2048, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)2048);
  }
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[1024]))), (&(x_ptr[((((int)blockIdx.x) * 4096) + 1024)])), (uint)2048, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)2048);
  }
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[2048]))), (&(x_ptr[((((int)blockIdx.x) * 4096) + 2048)])), (uint)2048, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))), (uint)2048);
  }
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[3072]))), (&(x_ptr[((((int)blockIdx.x) * 4096) + 3072)])), (uint)2048, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))));
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[0])), 0);
  for (int ax1 = 0; ax1 < 8; ++ax1) {
    if (ax1 == 0) {
      partial0_local_ptr[0] = 0x0p+0f/*0.000000e+00*/;
    }
    partial0_local_ptr[0] = (partial0_local_ptr[0] + ((float)x_shared_dyn_ptr[((ax1 * 128) + ((int)threadIdx.x))]));
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[1])), 0);
  for (int ax1_1 = 0; ax1_1 < 8; ++ax1_1) {
    partial0_local_ptr[0] = (partial0_local_ptr[0] + ((float)x_shared_dyn_ptr[(((ax1_1 * 128) + ((int)threadIdx.x)) + 1024)]));
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[2])), 0);
  for (int ax1_2 = 0; ax1_2 < 8; ++ax1_2) {
    partial0_local_ptr[0] = (partial0_local_ptr[0] + ((float)x_shared_dyn_ptr[(((ax1_2 * 128) + ((int)threadIdx.x)) + 2048)]));
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[3])), 0);
  for (int ax1_3 = 0; ax1_3 < 8; ++ax1_3) {
    partial0_local_ptr[0] = (partial0_local_ptr[0] + ((float)x_shared_dyn_ptr[(((ax1_3 * 128) + ((int)threadIdx.x)) + 3072)]));
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))));
  }
  __shared__ alignas(64) float red_buf_staging_ptr[4];
  alignas(64) float t0_ptr[1];
  alignas(64) uint mask_ptr[1];
  alignas(64) float red_buf0_ptr[1];
  alignas(64) float t0_ptr_1[1];
  alignas(64) uint mask_ptr_1[1];
  alignas(64) float red_buf0_ptr_1[1];
  red_buf0_ptr[0] = partial0_local_ptr[0];
  mask_ptr[0] = __activemask();
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 16, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 8, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 4, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 2, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 1, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  if ((((int)threadIdx.x) % 32) == 0) {
    red_buf_staging_ptr[(((int)threadIdx.x) >> 5)] = red_buf0_ptr[0];
  }
  __syncthreads();
  if (((int)threadIdx.x) < 4) {
    red_buf0_ptr_1[0] = red_buf_staging_ptr[((int)threadIdx.x)];
  }
  mask_ptr_1[0] = __activemask();
  t0_ptr_1[0] = __shfl_down_sync(mask_ptr_1[0], red_buf0_ptr_1[0], 2, 32);
  red_buf0_ptr_1[0] = (red_buf0_ptr_1[0] + t0_ptr_1[0]);
  t0_ptr_1[0] = __shfl_down_sync(mask_ptr_1[0], red_buf0_ptr_1[0], 1, 32);
  red_buf0_ptr_1[0] = (red_buf0_ptr_1[0] + t0_ptr_1[0]);
  if (((int)threadIdx.x) == 0) {
    ((volatile float*)red_result_ptr)[0] = red_buf0_ptr_1[0];
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    stat0_local_shared_ptr[0] = ((volatile float*)red_result_ptr)[0];
  }
  __syncthreads();
  row0_local_ptr[0] = (stat0_local_shared_ptr[0] / 0x1p+12f/*4.096000e+03*/);
  for (int ax2 = 0; ax2 < 4; ++ax2) {
    for (int ax3 = 0; ax3 < 8; ++ax3) {
      if ((ax2 == 0) && (ax3 == 0)) {
        partial1_local_ptr[0] = 0x0p+0f/*0.000000e+00*/;
      }
      int cse_v5 = (((ax2 * 1024) + (ax3 * 128)) + ((int)threadIdx.x));
      partial1_local_ptr[0] = (partial1_local_ptr[0] + ((((float)x_shared_dyn_ptr[(((ax2 * 1024) + (ax3 * 128)) + ((int)threadIdx.x))]) - row0_local_ptr[0]) * (((float)x_shared_dyn_ptr[(((ax2 * 1024) + (ax3 * 128)) + ((int)threadIdx.x))]) - row0_local_ptr[0])));
    }
  }
  __shared__ alignas(64) float red_buf_staging_ptr_1[4];
  alignas(64) float t0_ptr_2[1];
  alignas(64) uint mask_ptr_2[1];
  alignas(64) float red_buf0_ptr_2[1];
  alignas(64) float t0_ptr_3[1];
  alignas(64) uint mask_ptr_3[1];
  alignas(64) float red_buf0_ptr_3[1];
  red_buf0_ptr_2[0] = partial1_local_ptr[0];
  mask_ptr_2[0] = __activemask();
  t0_ptr_2[0] = __shfl_down_sync(mask_ptr_2[0], red_buf0_ptr_2[0], 16, 32);
  red_buf0_ptr_2[0] = (red_buf0_ptr_2[0] + t0_ptr_2[0]);
  t0_ptr_2[0] = __shfl_down_sync(mask_ptr_2[0], red_buf0_ptr_2[0], 8, 32);
  red_buf0_ptr_2[0] = (red_buf0_ptr_2[0] + t0_ptr_2[0]);
  t0_ptr_2[0] = __shfl_down_sync(mask_ptr_2[0], red_buf0_ptr_2[0], 4, 32);
  red_buf0_ptr_2[0] = (red_buf0_ptr_2[0] + t0_ptr_2[0]);
  t0_ptr_2[0] = __shfl_down_sync(mask_ptr_2[0], red_buf0_ptr_2[0], 2, 32);
  red_buf0_ptr_2[0] = (red_buf0_ptr_2[0] + t0_ptr_2[0]);
  t0_ptr_2[0] = __shfl_down_sync(mask_ptr_2[0], red_buf0_ptr_2[0], 1, 32);
  red_buf0_ptr_2[0] = (red_buf0_ptr_2[0] + t0_ptr_2[0]);
  if ((((int)threadIdx.x) % 32) == 0) {
    red_buf_staging_ptr_1[(((int)threadIdx.x) >> 5)] = red_buf0_ptr_2[0];
  }
  __syncthreads();
  if (((int)threadIdx.x) < 4) {
    red_buf0_ptr_3[0] = red_buf_staging_ptr_1[((int)threadIdx.x)];
  }
  mask_ptr_3[0] = __activemask();
  t0_ptr_3[0] = __shfl_down_sync(mask_ptr_3[0], red_buf0_ptr_3[0], 2, 32);
  red_buf0_ptr_3[0] = (red_buf0_ptr_3[0] + t0_ptr_3[0]);
  t0_ptr_3[0] = __shfl_down_sync(mask_ptr_3[0], red_buf0_ptr_3[0], 1, 32);
  red_buf0_ptr_3[0] = (red_buf0_ptr_3[0] + t0_ptr_3[0]);
  if (((int)threadIdx.x) == 0) {
    ((volatile float*)red_result_ptr_1)[0] = red_buf0_ptr_3[0];
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    stat1_local_shared_ptr[0] = ((volatile float*)red_result_ptr_1)[0];
  }
  __syncthreads();
  row1_local_ptr[0] = rsqrtf(((stat1_local_shared_ptr[0] / 0x1p+12f/*4.096000e+03*/) + 0x1.4f8b588e368f1p-17f/*1.000000e-05*/));
  for (int c_0 = 0; c_0 < 8; ++c_0) {
    int cse_v2 = (c_0 * 512);
    int cse_v3 = (((int)threadIdx.x) * 4);
    int cse_v4 = ((c_0 * 512) + (((int)threadIdx.x) * 4));
    nv_bfloat164 __1;
    float4 __2;
      float4 __3;
        float4 __4;
          float4 __5;
            float4 __6;
            nv_bfloat164 v_ = *(nv_bfloat164*)(x_shared_dyn_ptr + ((c_0 * 512) + (((int)threadIdx.x) * 4)));
            __6.x = (float)(v_.x);
            __6.y = (float)(v_.y);
            __6.z = (float)(v_.z);
            __6.w = (float)(v_.w);
            float4 v__1 = make_float4(row0_local_ptr[0], row0_local_ptr[0], row0_local_ptr[0], row0_local_ptr[0]);
            __5.x = (__6.x-v__1.x);
            __5.y = (__6.y-v__1.y);
            __5.z = (__6.z-v__1.z);
            __5.w = (__6.w-v__1.w);
          float4 v__2 = make_float4(row1_local_ptr[0], row1_local_ptr[0], row1_local_ptr[0], row1_local_ptr[0]);
          __4.x = (__5.x*v__2.x);
          __4.y = (__5.y*v__2.y);
          __4.z = (__5.z*v__2.z);
          __4.w = (__5.w*v__2.w);
        float4 __7;
        nv_bfloat164 v__3 = *(nv_bfloat164*)(w_ptr + ((c_0 * 512) + (((int)threadIdx.x) * 4)));
        __7.x = (float)(v__3.x);
        __7.y = (float)(v__3.y);
        __7.z = (float)(v__3.z);
        __7.w = (float)(v__3.w);
        __3.x = (__4.x*__7.x);
        __3.y = (__4.y*__7.y);
        __3.z = (__4.z*__7.z);
        __3.w = (__4.w*__7.w);
      float4 __8;
      nv_bfloat164 v__4 = *(nv_bfloat164*)(b_ptr + ((c_0 * 512) + (((int)threadIdx.x) * 4)));
      __8.x = (float)(v__4.x);
      __8.y = (float)(v__4.y);
      __8.z = (float)(v__4.z);
      __8.w = (float)(v__4.w);
      __2.x = (__3.x+__8.x);
      __2.y = (__3.y+__8.y);
      __2.z = (__3.z+__8.z);
      __2.w = (__3.w+__8.w);
    __1.x = (nv_bfloat16)(__2.x);
    __1.y = (nv_bfloat16)(__2.y);
    __1.z = (nv_bfloat16)(__2.z);
    __1.w = (nv_bfloat16)(__2.w);
    *(nv_bfloat164*)(y_ptr + (((((int)blockIdx.x) * 4096) + (c_0 * 512)) + (((int)threadIdx.x) * 4))) = __1;
  }
}
