"""Every hardware rule tvm-tma checks, as data, each citing where NVIDIA states it.

The lowering passes never compare against bare numbers: they look a rule up here and report
it by name (in :class:`tvm_tma.errors.TMAError` and in the copy report), so a fallback or an
error always says which rule decided it. Sources name the PTX ISA (9.0, CUDA 13.0) instruction
section that states each rule, or for the tensor-map rules (``tensor_map_*``) the CUDA driver
API's ``cuTensorMapEncodeTiled`` parameter that states it. The ``wgmma_*`` rules cite the wgmma
sections by their numbers in the PTX ISA 8.x (9.7.15.x, "Asynchronous Warpgroup Level Matrix
Multiply-Accumulate Instructions"); ISA 9.0 numbers the same sections 9.7.17.x, as TVM 0.27's
ptx table cites them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """One hardware rule: a name, the limit, its unit and where the ISA states it."""

    name: str
    limit: int
    unit: str
    source: str
    text: str


_RULES = (
    Rule("min_arch", 90, "sm version", "PTX ISA, cp.async.bulk",
         "cp.async.bulk and mbarrier expect_tx need sm_90 or newer"),
    Rule("bulk_size_multiple", 16, "bytes", "PTX ISA, cp.async.bulk",
         "the size operand of cp.async.bulk must be a multiple of 16 bytes"),
    Rule("bulk_global_align", 16, "bytes", "PTX ISA, cp.async.bulk",
         "the global address of cp.async.bulk must be 16-byte aligned"),
    Rule("bulk_shared_align", 16, "bytes", "PTX ISA, cp.async.bulk",
         "the shared-memory address of cp.async.bulk must be 16-byte aligned"),
    Rule("bulk_shared_fast_align", 128, "bytes", "tvm-tma performance rule (H100 copy kernel: "
         "benchmarks/results/small_copy_lab_align_h100.json)",
         "shared memory that bulk copies read or write starts 128-byte aligned: the copy kernel "
         "with its tile 64-byte aligned ran 5-7% slower at 8-16 MiB"),
    Rule("mbarrier_tx_count", (1 << 20) - 1, "bytes",
         "PTX ISA, mbarrier: contents of the mbarrier object (tx-count range)",
         "the bytes expected by one mbarrier phase must fit its tx-count"),
    Rule("dense_box", 0, "", "tvm-tma copy model",
         "a bulk copy moves a dense box: each element of the shared tile written exactly once, "
         "from the same box of the global buffer, without predicates"),
    Rule("contiguous_inner", 1, "elements", "PTX ISA, cp.async.bulk",
         "a bulk copy moves contiguous bytes: the innermost dimension must have stride 1 on "
         "both sides"),
    Rule("bulk_min_run", 128, "bytes", "tvm-tma performance rule (benchmarks/results/bulk_rows_h100.json "
         "against benchmarks/results/reach_bench_stock_h100.json: bench_rows_*)",
         "a tile copied as several bulk copies (one per row: padded shared rows, strided global "
         "rows without a tensor map) whose rows are shorter than this is copied by per-thread "
         "cp.async instead: on the H100, fp16 tiles of one bulk copy per row against stock's "
         "16-byte cp.async ran at 0.89x with 32-byte rows, 0.93x with 64, 1.12x with 128 and "
         "0.98-1.03x from 256 to 1024 bytes"),
    Rule("cp_async_size", 16, "bytes", "PTX ISA, cp.async (cp-size)",
         "the cp.async fallback copies 4, 8 or 16 bytes per thread from addresses aligned to it; "
         "a copy that cannot stays ordinary loads and stores (vectorize the copy loop)"),
    Rule("stage_compute", 0, "", "tvm-tma pipeline model (transforms/copies/copy_plan.py)",
         "an async stage statement that is not a copy between global and shared memory (it "
         "computes, or writes elsewhere) runs synchronously, as stock TVM runs it"),
    Rule("mixed_stage_cost", 0, "", "tvm-tma performance rule (H100, MetaSchedule tensor-core samples: "
         "benchmarks/results/compat_mixed_stages_mbarrier_h100.json against "
         "benchmarks/results/compat_mixed_stages_stock_h100.json)",
         "a pipeline whose async stages have both bulk copies and copies that can only be per-thread "
         "cp.async keeps stock TVM's cp.async commit/wait groups for all its copies: on one "
         "mbarrier (pipeline tma_mixed_stages) such samples ran 1.39x and 1.41x stock's time "
         "(GEMM samples 1 and 8) and 1.24x (conv2d sample 1), against 0.79x at best (GEMM sample 5)"),
    Rule("permuted_tile_cost", 0, "", "tvm-tma performance rule (H100, MetaSchedule tensor-core samples: "
         "benchmarks/results/permuted_tiles_h100.md)",
         "a tile stored in the schedule's permuted layout (InjectPermutedLayout's XOR: MetaSchedule's "
         "tensor-core schedules, read by ldmatrix) keeps per-thread cp.async even where the permutation "
         "is a tensor map's swizzle: loaded by swizzled tensor copies (pipeline tma_permuted_tiles), 5 "
         "of 7 such samples ran 1.01-1.06x stock's time, the fastest schedule of each sampled set among "
         "them, and 2 ran 0.92-0.96x"),
    Rule("launch_cost", 128, "bytes of a stage per thread", "tvm-tma performance rule (H100 sweep of the "
         "fuzzer's kernels at 20-8448 CTAs and of the compat schedules: benchmarks/results/launch_cost_h100.md)",
         "a pipeline keeps stock TVM's cp.async groups where they express it (no wgmma consumers), unless "
         "the mbarrier lowering copies with bulk copies what stock loads synchronously and leaves no copy "
         "synchronous (1.02-2.6x faster at every launch size), or the launch has at least as many CTAs "
         "as the SMs (the target's, tvm_tma.launch_cost.arch_limits) and the stage is at least this many "
         "bytes per thread (the nested mma GEMM 1.07-1.65x faster from 144 CTAs up); elsewhere the "
         "mbarrier lowering ran 1.23x stock's time in geometric mean below 132 CTAs and 1.11x from 132 up "
         "(tvm_tma.launch_cost)"),
    Rule("launch_cost_loads", 2, "stages loaded per CTA", "tvm-tma performance rule (H100: "
         "benchmarks/results/launch_cost_h100.md)",
         "a pipeline whose CTAs load fewer stages than this (known at compile time) overlaps nothing and "
         "keeps stock TVM's cp.async groups (the mbarrier lowering of such pipelines ran 0.98-1.28x "
         "stock's time)"),
    Rule("pipeline_model", 0, "", "tvm-tma pipeline model (transforms/pipelines/lower_async_pipeline.py)",
         "the mbarrier lowering models a pipeline's async queues as rings of buffer versions "
         "whose stages commit and wait in the order InjectSoftwarePipeline gives them; a "
         "pipeline it cannot model, or one with no copy that can be bulk, keeps stock TVM's "
         "cp.async commit/wait groups"),
    Rule("mbarrier_protocol", 0, "", "PTX ISA, mbarrier (phase completion, try_wait.parity)",
         "every mbarrier slot is initialized, with a count of at least 1, before use (re-initialized "
         "only after mbarrier.inval; init and inval ordered with the other threads by __syncthreads, init "
         "with the async proxy by fence.proxy.async); each phase gets exactly its init count of arrivals and "
         "copies completing exactly its expect_tx bytes; each wait targets the next phase with "
         "its parity, after that phase was issued and before a later one"),
    Rule("pipeline_nesting", 1, "nested pipelined loops with async stages", "tvm-tma pipeline model "
         "(transforms/pipelines/lower_async_pipeline.py); TVM 0.27 InjectPTXAsyncCopy (nested async scopes)",
         "of two nested software-pipelined loops, at most one has async stages"),
    # Tensor maps (cp.async.bulk.tensor with a CUtensorMap made by cuTensorMapEncodeTiled).
    Rule("tensor_map_rank", 5, "dimensions", "CUDA driver API, cuTensorMapEncodeTiled (tensorRank); "
         "PTX ISA, cp.async.bulk.tensor (.dim)",
         "a tensor map describes 1 to 5 dimensions"),
    Rule("tensor_map_dtype", 0, "", "CUDA driver API, cuTensorMapEncodeTiled (tensorDataType, "
         "CUtensorMapDataType)",
         "the element type is one CUtensorMapDataType can describe"),
    Rule("tensor_map_box_dim", 256, "elements", "CUDA driver API, cuTensorMapEncodeTiled (boxDim)",
         "each box dimension is 1 to 256 elements"),
    Rule("tensor_map_inner_box_bytes", 16, "bytes", "CUDA driver API, cuTensorMapEncodeTiled (boxDim)",
         "with interleave NONE, the innermost box dimension times the element size is a multiple "
         "of 16 bytes"),
    Rule("tensor_map_swizzle_span", 128, "bytes", "CUDA driver API, cuTensorMapEncodeTiled (swizzle)",
         "with a swizzle, the innermost box dimension times the element size is at most the "
         "swizzle span (32, 64 or 128 bytes)"),
    Rule("tensor_map_global_dim", 1 << 32, "elements", "CUDA driver API, cuTensorMapEncodeTiled (globalDim)",
         "each global dimension is 1 to 2^32 elements"),
    Rule("tensor_map_global_stride", 16, "bytes", "CUDA driver API, cuTensorMapEncodeTiled (globalStrides)",
         "each global stride (bytes, all but the innermost dimension) is a multiple of 16 and "
         "less than 2^40"),
    Rule("tensor_map_global_align", 16, "bytes", "CUDA driver API, cuTensorMapEncodeTiled (globalAddress)",
         "the global base address is 16-byte aligned (32 with interleave)"),
    Rule("tensor_map_inner_coordinate", 16, "bytes", "PTX ISA, cp.async.bulk.tensor (tensorCoords); "
         "measured on the H100 (sm_90): a tiled "
         "cp.async.bulk.tensor whose innermost coordinate is 4 bytes off (int8, -4 elements) stops "
         "the kernel with cudaErrorIllegalInstruction",
         "the innermost coordinate of a tensor copy's box, in bytes, is a multiple of 16 (other "
         "dimensions: any coordinate, negative included)"),
    Rule("tensor_map_element_stride", 8, "elements", "CUDA driver API, cuTensorMapEncodeTiled (elementStrides)",
         "each element stride is 1 to 8"),
    Rule("tensor_map_shared_align", 128, "bytes", "PTX ISA, Tensor Memory Accelerator (tensor copy "
         "restrictions: shared memory address alignment)",
         "the shared-memory box of cp.async.bulk.tensor starts 128-byte aligned; a swizzled "
         "box starts a period of its pattern, 8 rows of the span (1024 bytes for the 128B swizzle)"),
    Rule("swizzle_row_bytes", 128, "bytes", "CUDA driver API, CUtensorMapSwizzle; tvm-tma swizzled "
         "tile layout (transforms/copies/swizzle.py)",
         "a swizzled tile's rows are the span (32 or 64 bytes) or a multiple of 128 bytes, stored "
         "as boxes of 128-byte rows side by side"),
    Rule("swizzle_tile", 8, "rows", "CUDA driver API, CUtensorMapSwizzle (the pattern repeats "
         "every 8 rows of the span); tvm-tma swizzled tile layout (transforms/copies/swizzle.py)",
         "a swizzled tile fills the trailing dimensions of its shared buffer and has a multiple "
         "of 8 rows, so that each of its boxes starts a period of the pattern"),
    Rule("swizzle_access", 0, "", "tvm-tma swizzled tile layout (transforms/copies/swizzle.py)",
         "a swizzled tile is accessed by elements, cp.async, tensor copies or ldmatrix (at most "
         "16 contiguous bytes per access), never through a pointer to a longer run"),
    Rule("swizzle_permuted", 0, "", "CUDA driver API, CUtensorMapSwizzle; TVM 0.27 "
         "s_tir.transform.InjectPermutedLayout",
         "a tile whose shared indices are already permuted (the XOR of InjectPermutedLayout) is "
         "loaded by a swizzled tensor copy only where that permutation is the swizzle, element for "
         "element (rows of 64 or 128 bytes)"),
    # wgmma.mma_async (PTX ISA 9.7.15, Asynchronous Warpgroup Level Matrix Multiply-Accumulate).
    Rule("wgmma_shape", 256, "columns (N)", "PTX ISA 9.7.15.2 (Matrix Shape); 9.7.15.5.2 (wgmma.mma_async)",
         "an instruction computes m64nNk16 for 16-bit inputs: M = 64 rows, N a multiple of 8 from 8 "
         "to 256, K = 16"),
    Rule("wgmma_dtype", 16, "bits per input element", "PTX ISA 9.7.15.5.2 (wgmma.mma_async: .atype, "
         ".btype, .dtype; imm-trans-a, imm-trans-b)",
         "inputs are f16 with an f32 or f16 accumulator, or bf16 with an f32 accumulator; an MN-major "
         "(transposed) operand in shared memory is allowed only for these 16-bit types"),
    Rule("wgmma_arch", 90, "sm version", "PTX ISA 9.7.15.5.2 (wgmma.mma_async, Target ISA notes: "
         "requires sm_90a)",
         "wgmma instructions exist on the architecture-specific target sm_90a only"),
    Rule("programmatic_launch_arch", 90, "sm version", "PTX ISA 9.7.15.14 (griddepcontrol, Target ISA notes: "
         "requires sm_90 or higher); CUDA driver API, CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION",
         "kernels wait for the grids before them (griddepcontrol.wait) and are launched as "
         "programmatic dependents on sm_90 or newer; older targets keep stream order alone"),
    Rule("programmatic_launch_trigger", 0, "", "tvm-tma performance rule (H100, the Llama layer: "
         "benchmarks/results/models_programmatic_launch_h100.md)",
         "no kernel signals griddepcontrol.launch_dependents (the next kernel launches as the "
         "last CTAs exit): with the signal first in every kernel the layer ran 1.2-1.6% slower "
         "than with none at 1024 and 4096 tokens (2.0-2.4% sustained), no faster at one token"),
    Rule("wgmma_warpgroup", 128, "threads", "PTX ISA 9.7.15.1 (Warpgroup); 9.7.15.5.2 (.sync.aligned)",
         "a warpgroup is 4 contiguous warps, the first one's rank a multiple of 4, executing each "
         "wgmma instruction alike: tvm-tma puts its 128 threads on threadIdx.x and the warpgroups "
         "along threadIdx.y"),
    Rule("wgmma_operand_layout", 0, "", "PTX ISA 9.7.15.5.1.2 (Shared Memory Matrix Layout: swizzle "
         "atoms, K-major and MN-major)",
         "an operand in shared memory is in a canonical swizzled layout: a tile loaded by a swizzled "
         "tensor copy (tvm_tma.schedule.swizzle, a 32, 64 or 128-byte span)"),
    Rule("wgmma_descriptor_align", 16, "bytes", "PTX ISA 9.7.15.5.1.2.2 (Matrix Descriptor Format: "
         "start address, base offset)",
         "an operand starts 16-byte aligned and, with base offset 0, in the first 128 bytes of a "
         "period of its swizzle pattern (1024, 512, 256 bytes for the 128, 64, 32-byte swizzle)"),
    Rule("wgmma_in_flight", 0, "", "PTX ISA 9.7.15.7.3 (wgmma.wait_group: the shared memory operands "
         "may be accessed only after the group completed); 9.7.15.7.1 (wgmma.fence)",
         "a shared buffer version is overwritten by a producer only after every wgmma group that "
         "reads it completed (wgmma.wait_group) in every warpgroup, ordered before the write by a "
         "__syncthreads"),
    Rule("shared_memory_capacity", 232448, "bytes", "CUDA C++ Programming Guide, Technical "
         "Specifications per Compute Capability (9.0: 227 KB of shared memory per thread block)",
         "a kernel's shared memory fits one thread block's share of the SM"),
    # Warp specialization (tvm_tma.schedule.tma_pipeline(..., producer="warp")).
    Rule("warp_role_threads", 32, "threads", "PTX ISA, Parallel Synchronization and Communication "
         "Instructions: bar, barrier (the thread count b is a multiple of the warp size)",
         "the consumer threads of a warp-specialized kernel are whole warps: they synchronize among "
         "themselves with a named barrier of their thread count, and the producer is the next warps"),
    Rule("register_file", 65536, "32-bit registers", "CUDA C++ Programming Guide, Technical Specifications "
         "per Compute Capability (9.0: 64K 32-bit registers per thread block); PTX ISA, Miscellaneous "
         "Instructions: setmaxnreg (24 to 256 registers, a multiple of 8)",
         "the registers a warp-specialized kernel's roles hold after setmaxnreg fit one thread block's "
         "register file"),
    # Fused attention (tvm_tma.kernels.attention).
    Rule("attention_shape", 0, "", "tvm-tma attention kernel (kernels/attention.py: the tiles of "
         "FlashAttention-3 on the H100)",
         "head_dim is 64, 128 or 256, heads a multiple of heads_kv, lengths positive; an additive mask "
         "is [batch or 1, heads or 1, seq_q, seq_kv]"),
    Rule("tensor_map_descriptor_align", 64, "bytes", "CUDA driver API, cuTensorMapEncodeTiled (tensorMap); "
         "PTX ISA, tensormap (.param / .const space)",
         "the CUtensorMap object is 64-byte aligned: TVM passes it as a "
         "const __grid_constant__ CUtensorMap kernel parameter, aligned by its type"),
)

RULES: dict[str, Rule] = {rule.name: rule for rule in _RULES}

CP_ASYNC_SIZES = (4, 8, 16)
"""Bytes one cp.async may move (PTX ISA, cp.async); ``.cg`` takes only 16."""


SWIZZLE_SPANS = (0, 32, 64, 128)
"""Bytes of one swizzled row per CUtensorMapSwizzle value (NONE, 32B, 64B, 128B); the shared
box of the 128B swizzle must start 1024-byte aligned (CUDA driver API, CUtensorMapSwizzle)."""


def limit(name: str) -> int:
    """The numeric limit of rule ``name``."""
    return RULES[name].limit
