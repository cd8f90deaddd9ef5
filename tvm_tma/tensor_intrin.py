"""Tensor intrinsics for ``Schedule.tensorize`` on Hopper's warpgroup MMA (``wgmma.mma_async``).

Three intrinsics per accumulator width ``N`` (a multiple of 8 up to 256), for a warpgroup's
``64 x N`` fp32 accumulator held in registers:

=========================  ============================================================
:func:`wgmma_sync`         ``C[64, N] += A[64, 16] @ B[16, N]``, both operands in shared
                           memory (the SS form, ``wgmma.mma_async.sync.aligned.m64nNk16
                           .f32.{f16,bf16}``): A K-major (``A[m, k]``), B MN-major
                           (``B[k, n]``, ``b_major="MN"``: the transpose bit) or K-major
                           (``B^T[n, k]``, ``b_major="K"``)
:func:`wgmma_fill`         ``C = 0``
:func:`wgmma_store`        ``D[64, N] = C`` into shared or global memory (cast to ``D``'s type;
                           a 16-bit ``D`` in shared memory by ``stmatrix``), or ``D[N, 64] =
                           C^T`` (``transposed``: ``stmatrix .trans``)
=========================  ============================================================

The accumulator is a ``local`` buffer in the fragment layout of PTX ISA 9.7.15.5.1.1 (Matrix
Fragments for wgmma.mma_async, ``.m64nNk16`` D): element ``(i, j)`` is register
:func:`fragment_index` ``(i, j) = (t, r)`` of thread ``t`` of the warpgroup, so a schedule
gives its ``cache_write(..., "local")`` buffer that layout with ``sch.transform_layout(block,
("write", 0), fragment_layout(N))``; :func:`tvm_tma.transforms.LowerWarpgroupFragments` then
keeps only each thread's row. The implementations bind ``threadIdx.x`` to the 128 threads of
the warpgroup (warpgroups go on ``threadIdx.y``).

The operands' descriptors are not encoded here: the MMA leaves
``tvm_tma.wgmma_descriptor(T.address_of(S[...]), major)`` in the IR, which
``tir_pipeline="tma"`` encodes from the swizzled layout the tensor copy of ``S`` got
(:mod:`tvm_tma.transforms.tensor_cores.wgmma`), so the operand tiles must be loaded by swizzled
tensor copies (:func:`tvm_tma.schedule.swizzle`). Fence, commit and wait of the groups come
from the pipeline (:func:`tvm_tma.transforms.LowerAsyncPipelineToMBarrier`).

Intrinsics are registered on first use, by name (parsing all 32 widths at import would take
a minute)::

    sch.tensorize(loop, tvm_tma.tensor_intrin.wgmma_sync(256, "bfloat16"))
"""

from __future__ import annotations

from tvm.s_tir import TensorIntrin
from tvm.script import tirx as T

from . import rules
from .errors import TMAError
from .script import macro
from .transforms.tensor_cores.wgmma import Major, descriptor_request

M = 64
K = 16
THREADS = rules.limit("wgmma_warpgroup")
_PTX_TYPES = {"float16": "f16", "bfloat16": "bf16"}
_ACC = "float32"


def fragment_index(i, j) -> tuple:
    """``(thread, register)`` holding element ``(i, j)`` of a ``64 x N`` accumulator: warp
    ``i // 16``, lane ``4 * (i % 8) + (j % 8) // 2``; register ``4 * (j // 8) + 2 * ((i % 16)
    // 8) + j % 2``."""
    return i // 16 * 32 + i % 8 * 4 + j % 8 // 2, j // 8 * 4 + i % 16 // 8 * 2 + j % 2


def fragment_element(t, r) -> tuple:
    """The element ``(i, j)`` of register ``r`` of thread ``t`` (inverse of :func:`fragment_index`)."""
    return t // 32 * 16 + t % 32 // 4 + r % 4 // 2 * 8, r // 4 * 8 + t % 4 * 2 + r % 2


def fragment_layout(n: int):
    """The index map of a ``(.., N)``-column accumulator tile cut into ``64 x n`` fragments:
    ``(i, j) -> (i // 64, j // n, thread, register)`` (for ``sch.transform_layout``)."""
    return lambda i, j: (i // M, j // n, *fragment_index(i % M, j % n))


def check_n(n: int) -> None:
    """Rule ``wgmma_shape``: the instruction's N."""
    limit = rules.limit("wgmma_shape")
    if not (isinstance(n, int) and 8 <= n <= limit and n % 8 == 0):
        raise TMAError("wgmma_shape", f"N = {n}: expected a multiple of 8 from 8 to {limit} "
                       f"(m64nNk16; a wider tile needs several instructions)")


def check_dtype(dtype: str) -> None:
    """Rule ``wgmma_dtype``: the input type (fp32 accumulation)."""
    if dtype not in _PTX_TYPES:
        raise TMAError("wgmma_dtype", f"input type {dtype}: expected one of {sorted(_PTX_TYPES)} "
                       "(16-bit inputs, fp32 accumulation)")


def unrolled(extent: int):
    """``T.unroll(extent)`` that nvcc unrolls (``#pragma unroll``) rather than TVM's UnrollLoop:
    the kernel's IR then holds each loop body once, not once per iteration, and the passes
    after UnrollLoop (and CUDA source generation, a call per PTX instruction) take a fraction
    of the time over it."""
    return T.unroll(extent, annotations={"pragma_unroll_explicit": 0})


def _registered(name: str, make) -> str:
    if TensorIntrin.get(name, allow_missing=True) is None:
        TensorIntrin.register(name, *make())
    return name


def wgmma_sync(n: int, dtype: str = "float16", b_major: str = "MN") -> str:
    """The name of ``C[64, n] += A[64, 16] @ B`` (fp32 ``C``), ``B`` of ``b_major`` ``"MN"``
    (``B[16, n]``) or ``"K"`` (``B^T[n, 16]``), registered on first use."""
    check_n(n)
    check_dtype(dtype)
    if b_major not in ("MN", "K"):
        raise ValueError(f"wgmma_sync: b_major: expected 'MN' (B[k, n]) or 'K' (B^T[n, k]), got {b_major!r}")
    return _registered(f"tvm_tma_wgmma_m64n{n}k16_{dtype}_b{b_major.lower()}",
                       lambda: _sync(n, dtype, Major[b_major]))


def wgmma_fill(n: int) -> str:
    """The name of ``C[64, n] = 0`` (fp32 fragment), registered on first use."""
    check_n(n)
    return _registered(f"tvm_tma_wgmma_fill_m64n{n}", lambda: _fill(n))


def wgmma_store(n: int, out_dtype: str = "float32", scope: str = "shared.dyn", *, transposed: bool = False) -> str:
    """The name of ``D[64, n] = C`` (``D`` of ``out_dtype`` in ``scope``; ``transposed``:
    ``D[n, 64] = C^T``, a 16-bit shared ``D`` by ``stmatrix .trans``), registered on first use."""
    check_n(n)
    return _registered(f"tvm_tma_wgmma_store_m64n{n}_{out_dtype}_{scope.replace('.', '_')}{'_t' * transposed}",
                       lambda: _store(n, out_dtype, scope, transposed))


def _sync(n: int, dtype: str, b_major: Major):
    op = f"wgmma.mma_async.sync.aligned.m64n{n}k16.f32.{_PTX_TYPES[dtype]}.{_PTX_TYPES[dtype]}"
    b_shape = (K, n) if b_major == Major.MN else (n, K)
    regs = n // 2

    def b_at(j, k):
        return (k, j) if b_major == Major.MN else (j, k)

    @T.prim_func(s_tir=True)
    def desc(a: T.handle, b: T.handle, c: T.handle) -> None:
        A = T.match_buffer(a, (M, K), dtype, scope="shared.dyn", offset_factor=1)
        B = T.match_buffer(b, b_shape, dtype, scope="shared.dyn", offset_factor=1)
        C = T.match_buffer(c, (THREADS, regs), _ACC, scope="local", offset_factor=1)
        with T.sblock("root"):
            T.reads(C[0:THREADS, 0:regs], A[0:M, 0:K], B[0:b_shape[0], 0:b_shape[1]])
            T.writes(C[0:THREADS, 0:regs])
            for i, j, k in T.grid(M, n, K):
                with T.sblock("C"):
                    vi, vj, vk = T.axis.remap("SSR", [i, j, k])
                    t, r = T.meta_var(fragment_index(vi, vj))
                    T.reads(C[t, r], A[vi, vk], B[b_at(vj, vk)])
                    T.writes(C[t, r])
                    C[t, r] = C[t, r] + T.Cast(_ACC, A[vi, vk]) * T.Cast(_ACC, B[b_at(vj, vk)])

    @T.prim_func(s_tir=True)
    def impl(a: T.handle, b: T.handle, c: T.handle) -> None:
        sa = T.int32()
        sb = T.int32()
        A = T.match_buffer(a, (M, K), dtype, scope="shared.dyn", offset_factor=1, strides=[sa, 1])
        B = T.match_buffer(b, b_shape, dtype, scope="shared.dyn", offset_factor=1, strides=[sb, 1])
        C = T.match_buffer(c, (THREADS, regs), _ACC, scope="local", offset_factor=1)
        with T.sblock("root"):
            T.reads(C[0:THREADS, 0:regs], A[0:M, 0:K], B[0:b_shape[0], 0:b_shape[1]])
            T.writes(C[0:THREADS, 0:regs])
            for tx in T.thread_binding(THREADS, thread="threadIdx.x"):
                # scale-d true (D = A B + D), scale-a/b 1, A not transposed, B by its major
                T.ptx[op](*[C[tx, r] for r in range(regs)],
                          descriptor_request(T.address_of(A[0, 0]), Major.K),
                          descriptor_request(T.address_of(B[0, 0]), b_major),
                          T.bool(True), 1, 1, 0, int(b_major))

    return desc, impl


def _fill(n: int):
    regs = n // 2

    @T.prim_func(s_tir=True)
    def desc(c: T.handle) -> None:
        C = T.match_buffer(c, (THREADS, regs), _ACC, scope="local", offset_factor=1)
        with T.sblock("root"):
            T.reads()
            T.writes(C[0:THREADS, 0:regs])
            for i, j in T.grid(M, n):
                with T.sblock("C"):
                    vi, vj = T.axis.remap("SS", [i, j])
                    t, r = T.meta_var(fragment_index(vi, vj))
                    T.reads()
                    T.writes(C[t, r])
                    C[t, r] = T.float32(0)

    @T.prim_func(s_tir=True)
    def impl(c: T.handle) -> None:
        C = T.match_buffer(c, (THREADS, regs), _ACC, scope="local", offset_factor=1)
        with T.sblock("root"):
            T.reads()
            T.writes(C[0:THREADS, 0:regs])
            for tx in T.thread_binding(THREADS, thread="threadIdx.x"):
                for r in unrolled(regs):
                    C[tx, r] = T.float32(0)

    return desc, impl


def _store(n: int, out_dtype: str, scope: str, transposed: bool = False):
    regs = n // 2
    d_shape = (n, M) if transposed else (M, n)

    def at(i, j):  # D's element for the fragment's (i, j)
        return (j, i) if transposed else (i, j)

    @T.prim_func(s_tir=True)
    def desc(c: T.handle, d: T.handle) -> None:
        C = T.match_buffer(c, (THREADS, regs), _ACC, scope="local", offset_factor=1)
        D = T.match_buffer(d, d_shape, out_dtype, scope=scope, offset_factor=1)
        with T.sblock("root"):
            T.reads(C[0:THREADS, 0:regs])
            T.writes(D[0:d_shape[0], 0:d_shape[1]])
            for i, j in T.grid(M, n):
                with T.sblock("D"):
                    vi, vj = T.axis.remap("SS", [i, j])
                    t, r = T.meta_var(fragment_index(vi, vj))
                    T.reads(C[t, r])
                    T.writes(D[at(vi, vj)])
                    D[at(vi, vj)] = T.Cast(out_dtype, C[t, r])

    matrices = out_dtype in _PTX_TYPES and scope.startswith("shared") and n % 16 == 0

    @T.prim_func(s_tir=True)
    def impl(c: T.handle, d: T.handle) -> None:
        sd = T.int32()
        C = T.match_buffer(c, (THREADS, regs), _ACC, scope="local", offset_factor=1)
        D = T.match_buffer(d, d_shape, out_dtype, scope=scope, offset_factor=1, strides=[sd, 1])
        with T.sblock("root"):
            T.reads(C[0:THREADS, 0:regs])
            T.writes(D[0:d_shape[0], 0:d_shape[1]])
            for tx in T.thread_binding(THREADS, thread="threadIdx.x"):
                if matrices:
                    stmatrix_fragment(D, 0, sd, C, tx, n, transposed)
                else:
                    for r in T.unroll(regs):
                        i, j = T.meta_var(fragment_element(tx, r))
                        D[at(i, j)] = T.Cast(out_dtype, C[tx, r])

    return desc, impl


@macro
def stmatrix_fragment(D, row0, stride, C, tx, n, transposed=False):
    """Rows ``row0 .. row0 + 64`` of the 16-bit shared tile ``D`` (row stride ``stride``) =
    the ``64 x n`` fp32 fragment ``C[tx, :]`` of thread ``tx`` of a warpgroup, by
    ``stmatrix.x4``: four 8 x 8 matrices per warp instruction, each thread's pair of adjacent
    fp32 registers packed into one b32 register (``cvt.rn.{f16x2,bf16x2}.f32``), which is the
    fragment layout stmatrix takes (PTX ISA 9.7.16.5.16, the store mirror of ldmatrix):
    matrix ``m`` of the instruction for columns ``16 c ..`` is rows ``8 (m % 2) ..`` of the
    warp's 16 and columns ``16 c + 8 (m // 2) ..``, lane ``l`` giving the address of row
    ``l % 8`` of matrix ``l // 8``. A warp stores its ``16 x n`` slice in ``n / 16``
    instructions instead of ``n / 2`` element stores per thread. ``transposed``: columns
    ``row0 .. row0 + 64`` of ``D`` (``n`` rows) = the fragment's transpose, by ``stmatrix
    .trans`` (each matrix stored transposed: lane ``l`` addresses row ``l % 8`` of the stored
    matrix ``l // 8``, which is column ``l % 8`` of the fragment's)."""
    packed = T.decl_buffer((4,), "uint32", scope="local")
    for col in unrolled(n // 16):
        for m in unrolled(4):
            # registers (2 col + m // 2) * 4 + (m % 2) * 2 + {0, 1}: the low half is the even
            # column (cvt puts its first source in the high half)
            T.ptx[f"cvt.rn.{_PTX_TYPES[str(D.dtype)]}x2.f32"](
                packed[m], C[tx, (2 * col + m // 2) * 4 + m % 2 * 2 + 1], C[tx, (2 * col + m // 2) * 4 + m % 2 * 2])
        row, column = T.meta_var((row0 + tx // 32 * 16 + tx % 32 // 8 % 2 * 8, (2 * col + tx % 32 // 16) * 8))
        # (transposed: D's rows are the fragment's columns)
        major, minor = T.meta_var((column, row) if transposed else (row, column))
        # (an access pointer, not address_of: MergeSharedMemoryAllocations sees it)
        T.ptx[f"stmatrix.sync.aligned.m8n8.x4{'.trans' * transposed}.shared.b16"](
            D.access_ptr("w", offset=(major + tx % 8) * stride + minor), packed[0], packed[1], packed[2], packed[3])


__all__ = ["fragment_element", "fragment_index", "fragment_layout", "wgmma_fill", "wgmma_store", "wgmma_sync"]
