"""FuseGatedMLP: ``silu(gate) * up`` of a fused gate/up projection → one GEMM with that epilogue.

Accepts a Relax module before ``LegalizeOps`` and rewrites, in each Relax function, the gated
MLP's first half as Llama-style models write it with ``nn.Linear`` (no bias)::

    y = matmul(x, permute_dims(W))          # W: [2 * mlp, K], gate's rows then up's; x: [..., K]
                                            # (or call_tir of an x @ W^T PrimFunc: what Relax's
                                            # FuseTransposeMatmul makes of it, as MLC-LLM runs)
    gate, up = split(y, 2, axis=-1)         # (or split(y, [mlp], axis=-1))
    out = multiply(silu(gate), up)          # (or multiply(up, silu(gate)))

into one call of :func:`gated_matmul` on views of ``x`` (``[1, M, K]``, ``M`` the rows, static
or symbolic) and ``W`` (``[2, mlp, K]``: the gate's and the up projection's weights), its
output viewed back as ``[..., mlp]``. The product ``y`` never reaches memory: each CTA tile of
the GEMM holds the gate's and the up projection's columns of the same outputs, and its
epilogue writes ``silu(gate) * up`` (half the bytes ``y`` had, and no kernel to read ``y``
back). Taken only for an ``sm_90a`` target (the epilogue is :class:`~tvm_tma.dlight.WgmmaMatmul`'s),
16-bit operands, ``K`` and ``mlp`` multiples of 8, ``K`` and ``2 mlp`` above
:data:`~tvm_tma.dlight.matmul.SMALL_EXTENT` and a static ``M`` above it too (fewer rows go to
the GEMV rule) or a symbolic one; ``y``, ``gate`` and ``up`` used nowhere else. Everything else is left as it is.
"""

from __future__ import annotations

import contextlib
import math

import tvm
import tvm_ffi
from tvm import relax, s_tir, tirx
from tvm.ir.expr import TensorLoad
from tvm.script.ir_builder import IRBuilder
from tvm.script.ir_builder import tirx as T

from ..dlight._target import has_wgmma
from ..dlight.matmul import SMALL_EXTENT
from ..dlight.wgmma_matmul import GATED_MATMUL, tuned
from ..transforms._ir import substitute
from ._bindings import Bindings, Rebind, is_call


def gated_matmul(rows: int | tirx.Var, k: int, mlp: int, dtype: str, pair: int) -> tirx.PrimFunc:
    """``out[0, i, n] = silu(g) * u`` with ``g = sum_k x[0, i, k] * w_gate_up[0, n, k]`` and
    ``u = sum_k x[0, i, k] * w_gate_up[1, n, k]``, ``g`` and ``u`` rounded to ``dtype`` (as the unfused
    GEMM stores them), ``silu(g) * u`` computed in fp32 by CUDA's fast ``__expf`` and
    ``__fdividef`` and rounded once (the unfused ops round ``sigmoid``, ``silu`` and the product
    to ``dtype`` each, with ``dtype`` division: several times the instructions in the epilogue).

    Accepts ``rows`` static or a symbolic ``int64`` variable, ``mlp`` and ``k`` multiples of
    8. Emits an unscheduled PrimFunc: the GEMM block ``gate_up`` writes ``y[0, i, u, c]``, the
    product with ``w_gate_up[u % 2, (u // 2) * pair / 2 + c]``, so that each ``pair`` consecutive GEMM
    columns are ``pair / 2`` gate columns and the up columns of the same outputs; the block
    ``silu_multiply`` reads both (``u = 2 t`` and ``2 t + 1``: what
    :class:`~tvm_tma.dlight.WgmmaMatmul` recognizes as a gated epilogue, in tiles ``pair``
    columns wide). Where ``pair / 2`` does not divide ``mlp``, the last slices' rows past
    ``mlp`` are read as zeros (``w_padded``: a tensor map's out-of-bounds fill) and their
    outputs computed into ``out_padded``, of which the block ``unpadded`` copies the first
    ``mlp`` columns out (the bound TVM's ``reverse_compute_inline`` turns into the epilogue's
    predicate). Its attribute :data:`~tvm_tma.dlight.wgmma_matmul.GATED_MATMUL` says so
    (:func:`at_pair_width` rebuilds it)."""
    i64 = lambda value: tirx.IntImm("int64", value) if isinstance(value, int) else value  # noqa: E731 (Relax's index type)
    rows, k, half = i64(rows), i64(k), i64(pair // 2)
    slices = i64(-(-mlp // (pair // 2)))
    padded = i64(slices.value * half.value)
    ragged = padded.value != mlp
    zero = tirx.const(0, dtype)
    # (built by TVM's IR builder, the calls TVMScript's parser makes, without parsing: 0.5 ms
    # where the same function in TVMScript took 10)
    with IRBuilder() as builder, T.prim_func(s_tir=True):
        T.func_name("main")
        x = T.arg("x", T.buffer((i64(1), rows, k), dtype))
        w_gate_up = T.arg("w_gate_up", T.buffer((i64(2), i64(mlp), k), dtype))
        out = T.arg("out", T.buffer((i64(1), rows, i64(mlp)), dtype))
        T.func_attr({"tirx.noalias": True, GATED_MATMUL: True})
        y = _named("y", T.sblock_alloc_buffer((i64(1), rows, 2 * slices, half), dtype))
        w_padded = _named("w_padded", T.sblock_alloc_buffer((i64(2), padded, k), dtype)) if ragged else w_gate_up
        out_padded = _named("out_padded", T.sblock_alloc_buffer((i64(1), rows, padded), dtype)) if ragged else out
        if ragged:
            with _block("w_padded", "hnr", "SSS", i64(2), padded, k) as (vh, vn, vr):
                T.buffer_store(w_padded, tirx.if_then_else(vn < mlp, w_gate_up[vh, vn, vr], zero), [vh, vn, vr])
        with _block("gate_up", "biucr", "SSSSR", i64(1), rows, 2 * slices, half, k) as (vb, vi, vu, vc, vr):
            with T.init():
                T.buffer_store(y, zero, [vb, vi, vu, vc])
            T.buffer_store(y, y[vb, vi, vu, vc] + x[vb, vi, vr] * w_padded[vu % i64(2), vu // i64(2) * half + vc, vr],
                           [vb, vi, vu, vc])
        with _block("silu_multiply", "bitc", "SSSS", i64(1), rows, slices, half) as (vb, vi, vt, vc):
            gate = tirx.Cast("float32", y[vb, vi, i64(2) * vt, vc])
            up = tirx.Cast("float32", y[vb, vi, i64(2) * vt + i64(1), vc])
            silu = tirx.call_pure_extern("float32", "__fdividef", gate,
                                         tirx.const(1, "float32") + tirx.call_pure_extern("float32", "__expf", -gate))
            T.buffer_store(out_padded, tirx.Cast(dtype, silu * up), [vb, vi, vt * half + vc])
        if ragged:
            with _block("unpadded", "bin", "SSS", i64(1), rows, i64(mlp)) as (vb, vi, vn):
                T.buffer_store(out, out_padded[vb, vi, vn], [vb, vi, vn])
    return builder.get()


def _named(name: str, value):
    """``value`` given the name ``name`` (as TVMScript names what it assigns)."""
    IRBuilder.name(name, value)
    return value


@contextlib.contextmanager
def _block(name: str, loops: str, kinds: str, *extents):
    """Loops named by the letters of ``loops`` over ``extents`` around block ``name``, whose
    iterators (``kinds``: ``S`` spatial, ``R`` reduction) are bound to them one to one and
    named ``v`` + the loop's letter: TVMScript's ``for ... in T.grid(...)`` / ``with
    T.sblock(...)`` / ``T.axis.remap``. Yields the iterators."""
    with T.grid(*extents) as loop_vars:  # (callers give several extents: sequences come back)
        for letter, var in zip(loops, loop_vars):
            IRBuilder.name(letter, var)
        with T.sblock(name):
            iters = list(T.axis.remap(kinds, list(loop_vars), dtype="int64"))
            for letter, var in zip(loops, iters):
                IRBuilder.name("v" + letter, var)
            yield iters


def at_pair_width(func: tirx.PrimFunc, pair: int) -> tirx.PrimFunc:
    """``func``, a function :func:`gated_matmul` made, made again with slices of ``pair``
    columns over the same parameters (its rows, a variable, the same variable): the other
    slicing of a gated GEMM that :class:`~tvm_tma.dlight.WgmmaMatmul` compiles beside it under
    a dynamic M."""
    x, w, _ = func.params
    other = gated_matmul(x.shape[1], int(x.shape[2]), int(w.shape[1]), str(x.dtype), pair)
    return func.with_body(substitute(other.body, dict(zip(other.params, func.params))))


def pair_width(rows: int | None, mlp: int) -> int:
    """The GEMM columns of one gate slice and its up slice for ``rows`` (``None``: symbolic) and
    ``mlp``: the tile width :func:`~tvm_tma.dlight.wgmma_matmul.tuned` gives the unfused GEMM
    (``2 mlp`` columns), so that the gated one keeps its waves (at 1024 tokens of Llama's
    11008, 128 x 192 tiles: 257 µs, where 128 x 256 took 280). Under a symbolic M, ``tuned``'s
    default, 128 x 256, beside which :class:`~tvm_tma.dlight.WgmmaMatmul` compiles slices of
    112 columns, launched where their waves end sooner (``GATED_NARROW``; of fixed slices of 64,
    96, 112 and 128 columns, 112 the fastest at 512 and 1024 tokens, 128 at 4096:
    ``benchmarks/results/models_llama_dyn_gated_widths_h100.md``)."""
    return tuned(rows, 2 * mlp, thin=False).tile[1]


def _transposed_gemm(func) -> bool:
    """Whether the PrimFunc ``func`` computes ``out[..., i, j] = sum_k x[..., i, k] * w[j, k]``
    (its three parameters, one reduction block indexing them by its iterators)."""
    if not isinstance(func, tirx.PrimFunc) or len(func.params) != 3:
        return False
    x, w, out = func.params
    blocks = []
    tvm_ffi.structural_walk(func.body, (s_tir.SBlock, blocks.append))
    blocks = [b for b in blocks if b.name_hint != "root"]
    if len(blocks) != 1 or len(w.shape) != 2 or not isinstance(blocks[0].body, tirx.BufferStore):
        return False
    block = blocks[0]
    reduce = [iv.var for iv in block.iter_vars if iv.iter_type == tirx.IterVar.CommReduce]
    store = block.body
    loads = {}
    tvm_ffi.structural_walk(store.value, (TensorLoad, lambda load: loads.update({load.source.name: load})))
    if len(reduce) != 1 or not store.buffer.same_as(out) or set(loads) != {x.name, w.name, out.name}:
        return False
    k = reduce[0]
    a, b = loads[x.name].indices, loads[w.name].indices
    return (a[-1].same_as(k) and b[1].same_as(k) and isinstance(b[0], tirx.Var)
            and tvm_ffi.structural_equal(list(store.indices), [*a[:-1], b[0]]))


def _halves(sections, y: relax.Expr) -> bool:
    """Whether a split of ``y``'s last axis by ``sections`` (``2``, or ``[n / 2]``) gives its halves."""
    if isinstance(sections, (int, tirx.IntImm)):
        return int(sections) == 2
    if y.ty.ndim < 1 or y.ty.shape is None or len(sections) != 1:
        return False
    last = y.ty.shape.values[-1]
    return isinstance(last, tirx.IntImm) and int(sections[0]) * 2 == int(last)


class _Matcher(Bindings):
    """Finds the gated MLPs of one Relax function of ``mod``."""

    def __init__(self, mod: tvm.IRModule, func: relax.Function):
        super().__init__(func)
        self.mod = mod

    def match(self, value) -> tuple[relax.Expr, relax.Expr] | None:
        """``(x, W)`` where ``value`` is ``silu(gate) * up`` of the module docstring, else None."""
        if not is_call(value, "relax.multiply"):
            return None
        for silu_arg, up in (value.args, value.args[::-1]):
            silu = self.value(silu_arg)
            if not (is_call(silu, "relax.nn.silu") and self.once(silu_arg)):
                continue
            gate, up_item = self.value(silu.args[0]), self.value(up)
            if not (isinstance(gate, relax.TupleGetItem) and isinstance(up_item, relax.TupleGetItem)
                    and gate.index == 0 and up_item.index == 1 and gate.tuple_value.same_as(up_item.tuple_value)
                    and self.once(silu.args[0]) and self.once(up)):
                continue
            split = self.value(gate.tuple_value)
            if not (is_call(split, "relax.split") and self.uses.get(gate.tuple_value) == 2):
                continue
            y = split.args[0]
            if not (_halves(split.attrs.indices_or_sections, y) and self.once(y)
                    and int(split.attrs.axis) in (-1, y.ty.ndim - 1)):
                continue
            matmul = self.value(y)
            if is_call(matmul, "relax.call_tir") and _transposed_gemm(self.mod[matmul.args[0]]) \
                    and len(matmul.args[1].fields) == 2:
                return tuple(matmul.args[1].fields)
            if not is_call(matmul, "relax.matmul"):
                continue
            x, w_t = matmul.args
            transpose = self.value(w_t)
            if not (is_call(transpose, "relax.permute_dims") and transpose.args[0].ty.ndim == 2
                    and (transpose.attrs.axes is None or [int(a) for a in transpose.attrs.axes] == [1, 0])):
                continue
            return x, transpose.args[0]
        return None


def _gated_call(builder: relax.BlockBuilder, kernels: dict, x: relax.Expr, w: relax.Expr) -> relax.Expr | None:
    """The rewritten value for ``x @ W^T`` gated, or None where :func:`gated_matmul` cannot take it."""
    dtype = str(x.ty.dtype)
    if dtype not in ("float16", "bfloat16") or str(w.ty.dtype) != dtype or x.ty.shape is None or w.ty.shape is None:
        return None
    *lead, k = x.ty.shape.values
    n, k_w = w.ty.shape.values
    if not all(isinstance(e, tirx.IntImm) for e in (k, n, k_w)) or int(k) != int(k_w) or int(k) % 8 or int(n) % 16:
        return None
    k, mlp = int(k), int(n) // 2
    if k <= SMALL_EXTENT or 2 * mlp <= SMALL_EXTENT:  # (the wgmma rule's bound for K and N, as for the unfused GEMM)
        return None
    dynamic = [e for e in lead if not isinstance(e, tirx.IntImm)]
    if len(dynamic) > 1:
        return None
    static_rows = math.prod(int(e) for e in lead if isinstance(e, tirx.IntImm))
    if not dynamic and static_rows <= SMALL_EXTENT:
        return None
    rows = math.prod(lead) if dynamic else static_rows
    pair = pair_width(None if dynamic else static_rows, mlp)
    name = f"gated_matmul_silu_{mlp}x{k}_{dtype}_p{pair}" + ("_dyn" if dynamic else f"_m{static_rows}")
    if name not in kernels:
        func = gated_matmul(tirx.Var("m", "int64") if dynamic else static_rows, k, mlp, dtype, pair)
        kernels[name] = builder.add_func(func.with_attrs({"global_symbol": name, "op_pattern": 8}), name)
    flat = len(lead) == 2 and isinstance(lead[0], tirx.IntImm) and int(lead[0]) == 1  # x is [1, M, K] already
    x3 = x if flat else relax.op.reshape(x, relax.ShapeExpr([1, rows, k]))
    w3 = relax.op.reshape(w, relax.ShapeExpr([2, mlp, k]))
    out = relax.call_tir(kernels[name], [x3, w3], relax.TensorType([1, rows, mlp], dtype))
    return out if flat else relax.op.reshape(out, relax.ShapeExpr([*lead, mlp]))


def FuseGatedMLP(target: tvm.target.Target) -> tvm.transform.Pass:  # noqa: N802 (TVM pass naming)
    """Create the pass for ``target`` (see the module docstring; the identity below sm_90a)."""

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.FuseGatedMLP")
    def transform(mod: tvm.IRModule, _ctx) -> tvm.IRModule:
        if not has_wgmma(target):
            return mod
        builder = relax.BlockBuilder(mod)
        kernels: dict[str, tvm.ir.GlobalVar] = {}
        for gvar, func in mod.functions_items():
            if not isinstance(func, relax.Function):
                continue
            matcher = _Matcher(mod, func)
            replace = {}
            for var, value in matcher.var2val.items():
                operands = matcher.match(value)
                rewritten = _gated_call(builder, kernels, *operands) if operands else None
                if rewritten is not None:
                    replace[var] = rewritten
            if replace:
                builder.update_func(gvar, Rebind(replace).visit_expr(func))
        return relax.transform.DeadCodeElimination()(builder.get())

    return transform


__all__ = ["FuseGatedMLP", "at_pair_width", "gated_matmul", "pair_width"]
