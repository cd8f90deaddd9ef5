"""FuseAttention: every attention of a Relax module → one call of the fused Hopper kernel.

Accepts a Relax module before ``LegalizeOps`` (what ``tvm.relax.frontend.nn`` exports) and
rewrites, in each Relax function:

1. ``R.nn.attention(q, k, v[, bias], scale, causal_mask)`` (``nn.op.scaled_dot_product_attention``
   emits it; ``[b, s, h, d]`` operands, GQA when k and v have fewer heads);
2. the unfused pattern as models write it by hand::

       s = matmul(q, permute_dims(k, [0, 1, 3, 2]))       # q, k, v: [b, h, s, d] ...
       s = s * scale | s / scale                          # (optional; a scalar constant)
       s = s + mask                                       # (optional; [b or 1, h or 1, sq, skv])
       p = softmax(astype(s, "float32"), axis=-1)         # (the casts optional)
       o = matmul(astype(p, "float16"), v)
       o = permute_dims(o, [0, 2, 1, 3])                  # (optional)

   where q, k and v may each be ``permute_dims(x, [0, 2, 1, 3])`` of a ``[b, s, h, d]`` tensor
   ``x``: the kernel then reads ``x`` in that layout (its tensor maps stride over it), and
   writes ``o`` as ``[b, s, h, d]`` when the pattern ends with that permute; neither
   transpose is materialized.

Each becomes ``R.call_tir`` of :func:`tvm_tma.kernels.attention` (a PrimFunc marked
scheduled, one per distinct configuration, built once however many attentions share it and
named apart where two share a head shape but not their lengths, batch, scale or mask; symbolic
lengths kept symbolic); the bindings it
replaces are left dead (``DeadCodeElimination`` removes them). An attention the kernel
cannot take (head_dim not 64/128/256, 32-bit operands, a window, a mask of another shape)
is left as it is, for stock's lowering, and :func:`attention_report` says why. Emits the
rewritten module; raises nothing for unsupported attention.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

import tvm
from tvm import relax, tirx
from tvm import sym as arith

from ..errors import TMAError
from ..kernels.attention import AttentionMask, attention
from ._bindings import Bindings, Rebind, is_call

_PERMUTE_SEQ_HEADS = [0, 2, 1, 3]
_TRANSPOSE_LAST = [0, 1, 3, 2]


@dataclass(frozen=True)
class AttentionRecord:
    """What :func:`FuseAttention` did with one attention: ``kernel`` names the fused kernel's
    configuration where it was taken, ``reason`` why not otherwise."""

    function: str
    binding: str
    taken: bool
    kernel: str = ""
    reason: str = ""

    def __str__(self) -> str:
        if self.taken:
            return f"{self.function}: {self.binding}: fused attention ({self.kernel})"
        return f"{self.function}: {self.binding}: left to stock's lowering ({self.reason})"


_active: list[list[AttentionRecord]] = []


@contextlib.contextmanager
def attention_report() -> Iterator[list[AttentionRecord]]:
    """Collect an :class:`AttentionRecord` for every attention :func:`FuseAttention` meets."""
    records: list[AttentionRecord] = []
    _active.append(records)
    try:
        yield records
    finally:
        del _active[next(i for i, r in enumerate(_active) if r is records)]


def _record(entry: AttentionRecord) -> None:
    for records in _active:
        records.append(entry)


@dataclass(frozen=True)
class _Match:
    """One attention: its operands in the kernel's terms, and the binding it replaces."""

    root: relax.Var
    q: relax.Expr
    k: relax.Expr
    v: relax.Expr
    mask: relax.Expr | None
    layout: str
    kv_layout: str
    out_layout: str
    scale: float | None
    causal: str | None
    folded: relax.Var | None = None  # the attention's own output, where root permutes it
    packed: relax.Expr | None = None  # the [b, s, h + 2 h_kv, d] tensor that q, k and v split


class _NotTaken(Exception):
    """Why an attention stays with stock's lowering."""


def _axes(call: relax.Call) -> list[int] | None:
    axes = call.attrs.axes
    return None if axes is None else [int(a) for a in axes]


def _scalar(expr) -> float | None:
    """The value of a scalar constant, else None."""
    if not isinstance(expr, tvm.ir.expr.Constant):
        return None
    value = expr.value.numpy() if hasattr(expr.value, "numpy") else expr.value
    return float(value.reshape(())) if hasattr(value, "reshape") and value.size == 1 else None


class _Matcher(Bindings):
    """Finds the attentions of one Relax function (``var2val``: its bindings)."""

    def through(self, expr, op: str):
        """The first argument of ``expr`` when ``expr`` is a call of ``op`` (else ``expr``)."""
        value = self.value(expr)
        return value.args[0] if is_call(value, op) else expr

    def seq_heads(self, expr) -> tuple[relax.Expr, str]:
        """``(x, "bshd")`` for ``permute_dims(x, [0, 2, 1, 3])``, else ``(expr, "bhsd")``."""
        value = self.value(expr)
        if is_call(value, "relax.permute_dims") and _axes(value) == _PERMUTE_SEQ_HEADS:
            return value.args[0], "bshd"
        return expr, "bhsd"

    def packed(self, match: _Match) -> _Match:
        """``match`` reading the fused QKV tensor in place where q, k and v are the three parts,
        in order, of one ``split`` along the heads of a ``[b, s, heads, d]`` tensor."""
        parts = [self.value(x) for x in (match.q, match.k, match.v)]
        if not all(isinstance(p, relax.TupleGetItem) for p in parts) or [p.index for p in parts] != [0, 1, 2]:
            return match
        split = self.value(parts[0].tuple_value)
        same = all(p.tuple_value.same_as(parts[0].tuple_value) for p in parts)
        if not (same and is_call(split, "relax.split") and int(split.attrs.axis) in (2, -2)
                and match.layout == match.kv_layout == match.out_layout == "bshd"):
            return match
        sections = split.attrs.indices_or_sections
        if not isinstance(sections, (int, tirx.IntImm)) and len(sections) != 2:
            return match
        return dataclasses.replace(match, packed=split.args[0])

    def fused(self, var: relax.Var, value) -> _Match | None:
        """The attention whose output ``var`` is, or None; raises :class:`_NotTaken` for an
        attention the kernel cannot compute."""
        if is_call(value, "relax.nn.attention") or is_call(value, "relax.nn.attention_bias"):
            attrs = value.attrs
            if attrs.window_size is not None:
                raise _NotTaken(f"a sliding window ({attrs.window_size}): not supported")
            causal = {None: None, "TopLeft": "top_left", "BottomRight": "bottom_right"}.get(attrs.causal_mask, "?")
            if causal == "?":
                raise _NotTaken(f"causal_mask {attrs.causal_mask!r}: expected TopLeft or BottomRight")
            scale = None if attrs.scale is None else float(attrs.scale.value)
            mask = value.args[3] if len(value.args) > 3 else None
            return self.packed(_Match(var, *value.args[:3], mask, "bshd", "bshd", "bshd", scale, causal))
        out_layout, folded = "bhsd", None
        if is_call(value, "relax.permute_dims") and _axes(value) == _PERMUTE_SEQ_HEADS:
            inner = value.args[0]
            if not self.once(inner):
                return None
            value, out_layout, folded = self.value(inner), "bshd", inner
        if not is_call(value, "relax.matmul"):
            return None
        probs = self.through(value.args[0], "relax.astype")
        softmax = self.value(probs)
        if not (is_call(softmax, "relax.nn.softmax") and int(softmax.attrs.axis) in (-1, 3)):
            return None
        scores = self.through(softmax.args[0], "relax.astype")
        mask = None
        added = self.value(scores)
        if is_call(added, "relax.add"):
            scores, mask = added.args
        scale = 1.0
        scaled = self.value(scores)
        if is_call(scaled, "relax.multiply") or is_call(scaled, "relax.divide"):
            factor = _scalar(scaled.args[1])
            if factor is None:
                return None
            scale = factor if is_call(scaled, "relax.multiply") else 1.0 / factor
            scores = scaled.args[0]
        qk = self.value(scores)
        if not is_call(qk, "relax.matmul"):
            return None
        k_t = self.value(qk.args[1])
        if not (is_call(k_t, "relax.permute_dims") and _axes(k_t) == _TRANSPOSE_LAST):
            return None
        q, layout = self.seq_heads(qk.args[0])
        k, k_layout = self.seq_heads(k_t.args[0])
        v, v_layout = self.seq_heads(value.args[1])
        if k_layout != v_layout:
            raise _NotTaken(f"K in {k_layout} and V in {v_layout}: expected one layout for both")
        return self.packed(_Match(var, q, k, v, mask, layout, k_layout, out_layout, scale, None, folded))


def _dims(expr, rank: int) -> list:
    ty = expr.ty
    if not isinstance(ty, relax.TensorType) or ty.shape is None or ty.ndim != rank:
        raise _NotTaken(f"an operand of {ty}: expected a {rank}-D tensor of known shape")
    return list(ty.shape.values)


def _static(value, what: str) -> int:
    if not isinstance(value, tirx.IntImm):
        raise _NotTaken(f"{what} {value}: expected a static extent")
    return int(value)


def _length(value, name: str):
    return int(value) if isinstance(value, tirx.IntImm) else name


def _config(match: _Match) -> tuple[tuple, str, relax.TensorType]:
    """The arguments of :func:`tvm_tma.kernels.attention` for ``match`` (``(args, kwargs)``:
    what makes its kernel), a name for the kernel, the output's type. Raises :class:`_NotTaken`
    where the kernel does not apply."""
    q_dims, k_dims = _dims(match.q, 4), _dims(match.k, 4)

    def bshd(dims, layout):
        return dims if layout == "bshd" else [dims[0], dims[2], dims[1], dims[3]]

    b, sq, h, d = bshd(q_dims, match.layout)
    _, skv, hkv, dk = bshd(k_dims, match.kv_layout)
    h, hkv, d = _static(h, "heads"), _static(hkv, "heads"), _static(d, "head_dim")
    dtype = str(match.q.ty.dtype)
    if _static(dk, "head_dim") != d or _dims(match.v, 4)[3] != dk:
        raise _NotTaken("Q, K and V with different head_dim: not supported")
    if any(str(x.ty.dtype) != dtype for x in (match.k, match.v)):
        raise _NotTaken("Q, K and V of different dtypes")
    if match.out_layout != match.layout:
        raise _NotTaken(f"Q in {match.layout} and O wanted in {match.out_layout}: expected one layout")
    mask = None
    if match.mask is not None:
        m_dims = _dims(match.mask, 4)
        per = [isinstance(m, tirx.IntImm) and int(m) == 1 for m in m_dims[:2]]
        expect = [m_dims[0] if not per[0] else 1, m_dims[1] if not per[1] else 1, sq, skv]
        analyzer = arith.Analyzer()
        if not all(analyzer.can_prove_equal(x, y) for x, y in zip(m_dims, expect)) or \
                not (per[0] or analyzer.can_prove_equal(m_dims[0], b)) or \
                not (per[1] or _static(m_dims[1], "mask heads") == h):
            raise _NotTaken(f"mask of shape {m_dims}: expected [batch or 1, heads or 1, seq_q, seq_kv]")
        mask = AttentionMask(str(match.mask.ty.dtype), batch=not per[0], heads=not per[1])
    args = (_length(b, "batch"), h, hkv, _length(sq, "seq_q"),
            _length(skv, "seq_q" if match.packed is not None else "seq_kv"), d, dtype)
    kwargs = (("causal", match.causal or False), ("scale", match.scale), ("layout", match.layout),
              ("kv_layout", match.kv_layout), ("mask", mask), ("lse", False), ("packed", match.packed is not None))
    name = (f"attention_d{d}_h{h}x{hkv}_{dtype}_{match.layout}"
            f"{'_' + match.kv_layout if match.kv_layout != match.layout else ''}"
            f"{'_' + match.causal if match.causal else ''}{'_mask' if mask else ''}"
            f"{'_packed' if match.packed is not None else ''}")
    return (args, kwargs), name, relax.TensorType(match.q.ty.shape, dtype)


def _kernel(config: tuple, name: str) -> tvm.tirx.PrimFunc:
    """The PrimFunc of ``config`` (:func:`_config`), named ``name``."""
    args, kwargs = config
    try:
        mod = attention(*args, **dict(kwargs))
    except TMAError as err:
        raise _NotTaken(str(err)) from err
    return mod["main"].with_attrs({"tirx.is_scheduled": True, "op_pattern": 8, "global_symbol": name})


def FuseAttention() -> tvm.transform.Pass:  # noqa: N802 (TVM pass naming)
    """Create the pass (see the module docstring)."""

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.FuseAttention")
    def transform(mod: tvm.IRModule, _ctx) -> tvm.IRModule:
        builder = relax.BlockBuilder(mod)
        kernels: dict[tuple, tvm.ir.GlobalVar | _NotTaken] = {}
        names: set[str] = set()

        def kernel_of(config: tuple, name: str) -> tvm.ir.GlobalVar:
            """The kernel of ``config``, built once whatever its number of attentions (a
            model's layers), under a name of its own (two lengths or scales of one head shape:
            ``name``, ``name_1``, ...); raises the :class:`_NotTaken` it raised."""
            if config not in kernels:
                unique, n = name, 0
                while unique in names:
                    n += 1
                    unique = f"{name}_{n}"
                try:
                    kernels[config] = builder.add_func(_kernel(config, unique), unique)
                    names.add(unique)
                except _NotTaken as why:
                    kernels[config] = why
            if isinstance(kernels[config], _NotTaken):
                raise kernels[config]
            return kernels[config]

        for gvar, func in mod.functions_items():
            if not isinstance(func, relax.Function):
                continue
            matcher = _Matcher(func)
            found = {}
            for var, value in matcher.var2val.items():
                try:
                    match = matcher.fused(var, value)
                except _NotTaken as why:
                    match = why
                if match is not None:
                    found[var] = match
            # an attention whose output a permute folds is rewritten there, not on its own
            folded = {m.folded for m in found.values() if isinstance(m, _Match) and m.folded is not None}
            replace = {}
            for var, match in found.items():
                if var in folded:
                    continue
                try:
                    if isinstance(match, _NotTaken):
                        raise match
                    config, name, out = _config(match)
                    kernel = kernel_of(config, name)
                except _NotTaken as why:
                    _record(AttentionRecord(gvar.name_hint, var.name, False, reason=str(why)))
                    continue
                operands = [match.q, match.k, match.v] if match.packed is None else [match.packed]
                args = operands + ([match.mask] if match.mask is not None else [])
                replace[var] = relax.call_tir(kernel, args, out)
                _record(AttentionRecord(gvar.name_hint, var.name, True, kernel=kernel.name_hint))
            if replace:
                builder.update_func(gvar, Rebind(replace).visit_expr(func))
        return relax.transform.DeadCodeElimination()(builder.get())

    return transform


__all__ = ["AttentionRecord", "FuseAttention", "attention_report"]
