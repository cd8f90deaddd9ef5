// Hand-written reference kernels for benchmarks/small_copy_lab.py: where the time of a
// small (1-8 MiB) device copy goes. Not part of the library.
#include <cstdint>

extern "C" __global__ void empty_kernel(const uint4*, uint4*, long long) {}

// 16 bytes per thread per step, grid-stride: the register copy that memcpy kernels use.
extern "C" __global__ void ldst_kernel(const uint4* __restrict__ src, uint4* __restrict__ dst, long long n16) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n16; i += stride) dst[i] = src[i];
}

__device__ __forceinline__ uint32_t smem(const void* p) { return (uint32_t)__cvta_generic_to_shared(p); }

// One tile of `tile` bytes per CTA through shared memory with bulk copies, thread 0 only;
// WAIT_READ: the exit waits for the store's reads of shared memory only (.read), not its writes.
template <bool WAIT_READ>
__device__ __forceinline__ void tma_tile(const uint8_t* src, uint8_t* dst, uint32_t tile) {
  extern __shared__ __align__(128) uint8_t buf[];
  __shared__ alignas(8) uint64_t bar;
  if (threadIdx.x != 0) return;
  asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(smem(&bar)) : "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(smem(&bar)), "r"(tile) : "memory");
  long long off = (long long)blockIdx.x * tile;
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
               ::"r"(smem(buf)), "l"(src + off), "r"(tile), "r"(smem(&bar)) : "memory");
  asm volatile("{\n.reg .pred p;\nW:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n@!p bra W;\n}\n"
               ::"r"(smem(&bar)) : "memory");
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst + off), "r"(smem(buf)), "r"(tile) : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  if (WAIT_READ) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  else asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// Like tma_tile, but each CTA copies K chunks of `chunk` bytes: all K loads issued at once,
// each on its own mbarrier, and each chunk stored as soon as it has arrived.
template <int K>
__device__ __forceinline__ void tma_chunks(const uint8_t* src, uint8_t* dst, uint32_t chunk) {
  extern __shared__ __align__(128) uint8_t buf[];
  __shared__ alignas(8) uint64_t bar[K];
  if (threadIdx.x != 0) return;
  for (int i = 0; i < K; ++i) asm volatile("mbarrier.init.shared.b64 [%0], 1;" ::"r"(smem(&bar[i])) : "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  long long base = (long long)blockIdx.x * K * chunk;
  for (int i = 0; i < K; ++i) {
    asm volatile("mbarrier.arrive.expect_tx.shared.b64 _, [%0], %1;" ::"r"(smem(&bar[i])), "r"(chunk) : "memory");
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(smem(buf + i * chunk)), "l"(src + base + (long long)i * chunk), "r"(chunk), "r"(smem(&bar[i])) : "memory");
  }
  for (int i = 0; i < K; ++i) {
    asm volatile("{\n.reg .pred p;\nW:\nmbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n@!p bra W;\n}\n"
                 ::"r"(smem(&bar[i])) : "memory");
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 ::"l"(dst + base + (long long)i * chunk), "r"(smem(buf + i * chunk)), "r"(chunk) : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  }
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

extern "C" __global__ void tma_chunks2(const uint8_t* src, uint8_t* dst, unsigned chunk) { tma_chunks<2>(src, dst, chunk); }
extern "C" __global__ void tma_chunks4(const uint8_t* src, uint8_t* dst, unsigned chunk) { tma_chunks<4>(src, dst, chunk); }
extern "C" __global__ void tma_chunks8(const uint8_t* src, uint8_t* dst, unsigned chunk) { tma_chunks<8>(src, dst, chunk); }
extern "C" __global__ void tma_tile_read(const uint8_t* src, uint8_t* dst, unsigned tile) { tma_tile<true>(src, dst, tile); }
extern "C" __global__ void tma_tile_full(const uint8_t* src, uint8_t* dst, unsigned tile) { tma_tile<false>(src, dst, tile); }
