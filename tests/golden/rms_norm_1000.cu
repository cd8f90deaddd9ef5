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
extern "C" __global__ void __launch_bounds__(25) main_kernel(half* __restrict__ w_ptr, half* __restrict__ x_ptr, half* __restrict__ y_ptr);
extern "C" __global__ void __launch_bounds__(25) main_kernel(half* __restrict__ w_ptr, half* __restrict__ x_ptr, half* __restrict__ y_ptr) {
  tvm_builtin_ptx_griddepcontrol_wait();
  __shared__ alignas(8) uint64_t tma_bar_q0_ptr[4];
  extern __shared__ __align__(128) half x_shared_dyn_ptr[];
  alignas(64) float partial0_local_ptr[1];
  alignas(64) float red_buf0_ptr[1];
  __shared__ alignas(64) float stat0_local_shared_ptr[1];
  alignas(64) float row0_local_ptr[1];
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)1);
    tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))), (uint)1);
    tvm_builtin_ptx_fence_proxy_proxy_async_shared__cta();
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))), (uint)400);
  }
  int cse_v1 = (((int)blockIdx.x) * 1000);
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[0]))), (&(x_ptr[(((int)blockIdx.x) * 1000)])), (uint)400, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))), (uint)400);
  }
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[200]))), (&(x_ptr[((((int)blockIdx.x) * 1000) + 200)])), (uint)400, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
  }
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))), (uint)400);
  }
  if (((int)threadIdx.x) < 1) {
    tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[400]))), (&(x_ptr[((((int)blockIdx.x) * 1000) + 400)])), (uint)400, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
  }
  for (int ax0_fused_0 = 0; ax0_fused_0 < 2; ++ax0_fused_0) {
    __syncthreads();
    int cse_v5 = ((ax0_fused_0 + 3) & 3);
    if (((int)threadIdx.x) == 0) {
      tvm_builtin_ptx_mbarrier_arrive_expect_tx_arrive_expect_tx_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((ax0_fused_0 + 3) & 3)]))), (uint)400);
    }
    int cse_v2 = (ax0_fused_0 * 200);
    if (((int)threadIdx.x) < 1) {
      tvm_builtin_ptx_cp_async_bulk_g2s_cluster_async_bulk_shared__cluster_global_mbarrier__complete_tx__bytes(tvm_builtin_cuda_cvta_generic_to_shared((&(x_shared_dyn_ptr[((ax0_fused_0 * 200) + 600)]))), (&(x_ptr[(((((int)blockIdx.x) * 1000) + (ax0_fused_0 * 200)) + 600)])), (uint)400, tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[((ax0_fused_0 + 3) & 3)]))));
    }
    tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[ax0_fused_0])), 0);
    for (int ax1 = 0; ax1 < 8; ++ax1) {
      if ((ax0_fused_0 == 0) && (ax1 == 0)) {
        partial0_local_ptr[0] = 0x0p+0f/*0.000000e+00*/;
      }
      int cse_v7 = (((ax0_fused_0 * 200) + (ax1 * 25)) + ((int)threadIdx.x));
      partial0_local_ptr[0] = (partial0_local_ptr[0] + (((float)x_shared_dyn_ptr[(((ax0_fused_0 * 200) + (ax1 * 25)) + ((int)threadIdx.x))]) * ((float)x_shared_dyn_ptr[(((ax0_fused_0 * 200) + (ax1 * 25)) + ((int)threadIdx.x))])));
    }
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[2])), 0);
  for (int ax1_1 = 0; ax1_1 < 8; ++ax1_1) {
    int cse_v8 = (((ax1_1 * 25) + ((int)threadIdx.x)) + 400);
    partial0_local_ptr[0] = (partial0_local_ptr[0] + (((float)x_shared_dyn_ptr[(((ax1_1 * 25) + ((int)threadIdx.x)) + 400)]) * ((float)x_shared_dyn_ptr[(((ax1_1 * 25) + ((int)threadIdx.x)) + 400)])));
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[3])), 0);
  for (int ax1_2 = 0; ax1_2 < 8; ++ax1_2) {
    int cse_v9 = (((ax1_2 * 25) + ((int)threadIdx.x)) + 600);
    partial0_local_ptr[0] = (partial0_local_ptr[0] + (((float)x_shared_dyn_ptr[(((ax1_2 * 25) + ((int)threadIdx.x)) + 600)]) * ((float)x_shared_dyn_ptr[(((ax1_2 * 25) + ((int)threadIdx.x)) + 600)])));
  }
  tvm_builtin_cuda_mbarrier_wait((&(tma_bar_q0_ptr[0])), 1);
  for (int ax1_3 = 0; ax1_3 < 8; ++ax1_3) {
    int cse_v10 = (((ax1_3 * 25) + ((int)threadIdx.x)) + 800);
    partial0_local_ptr[0] = (partial0_local_ptr[0] + (((float)x_shared_dyn_ptr[(((ax1_3 * 25) + ((int)threadIdx.x)) + 800)]) * ((float)x_shared_dyn_ptr[(((ax1_3 * 25) + ((int)threadIdx.x)) + 800)])));
  }
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[0]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[1]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[2]))));
    tvm_builtin_ptx_mbarrier_inval_inval_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared((&(tma_bar_q0_ptr[3]))));
  }
  alignas(64) float t0_ptr[1];
  alignas(64) uint mask_ptr[1];
  red_buf0_ptr[0] = partial0_local_ptr[0];
  mask_ptr[0] = __activemask();
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 16, 32);
  if (((int)threadIdx.x) < 9) {
    red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  }
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 8, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 4, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 2, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  t0_ptr[0] = __shfl_down_sync(mask_ptr[0], red_buf0_ptr[0], 1, 32);
  red_buf0_ptr[0] = (red_buf0_ptr[0] + t0_ptr[0]);
  red_buf0_ptr[0] = __shfl_sync(mask_ptr[0], red_buf0_ptr[0], 0, 32);
  if (((int)threadIdx.x) == 0) {
    stat0_local_shared_ptr[0] = red_buf0_ptr[0];
  }
  __syncthreads();
  row0_local_ptr[0] = rsqrtf(((stat0_local_shared_ptr[0] / 0x1.f4p+9f/*1.000000e+03*/) + 0x1.0c6f7a0b5ed8dp-20f/*1.000000e-06*/));
  for (int c_0 = 0; c_0 < 10; ++c_0) {
    int cse_v3 = (c_0 * 100);
    int cse_v4 = (((int)threadIdx.x) * 4);
    int cse_v6 = ((c_0 * 100) + (((int)threadIdx.x) * 4));
    half4 __1;
    float4 __2;
      float4 __3;
        float4 __4;
        half4 v_ = *(half4*)(x_shared_dyn_ptr + ((c_0 * 100) + (((int)threadIdx.x) * 4)));
        __4.x = (float)(v_.x);
        __4.y = (float)(v_.y);
        __4.z = (float)(v_.z);
        __4.w = (float)(v_.w);
        float4 v__1 = make_float4(row0_local_ptr[0], row0_local_ptr[0], row0_local_ptr[0], row0_local_ptr[0]);
        __3.x = (__4.x*v__1.x);
        __3.y = (__4.y*v__1.y);
        __3.z = (__4.z*v__1.z);
        __3.w = (__4.w*v__1.w);
      float4 __5;
      half4 v__2 = *(half4*)(w_ptr + ((c_0 * 100) + (((int)threadIdx.x) * 4)));
      __5.x = (float)(v__2.x);
      __5.y = (float)(v__2.y);
      __5.z = (float)(v__2.z);
      __5.w = (float)(v__2.w);
      __2.x = (__3.x*__5.x);
      __2.y = (__3.y*__5.y);
      __2.z = (__3.z*__5.z);
      __2.w = (__3.w*__5.w);
    __1.x = (half)(__2.x);
    __1.y = (half)(__2.y);
    __1.z = (half)(__2.z);
    __1.w = (half)(__2.w);
    *(half4*)(y_ptr + (((((int)blockIdx.x) * 1000) + (c_0 * 100)) + (((int)threadIdx.x) * 4))) = __1;
  }
}
