"""A Llama-style decoder layer as a Relax module (``tvm.relax.frontend.nn``), as MLC-LLM writes one.

    y = h + down(silu(gate) * up),  [gate, up] = gate_up(rms_norm(h)),  h = x + o(attention(rms_norm(x)))

fp16 throughout; the linear layers accumulate in fp16 as Relax legalizes ``matmul`` with an
fp16 ``out_dtype`` (MLC-LLM's default). Each linear layer is one ``NT_matmul`` ``x @ W^T``
with ``W`` stored ``[out_features, in_features]`` (what MLC-LLM's ``FuseTransposeMatmul``
makes of ``nn.Linear``'s ``matmul(x, permute_dims(W))``); QKV and gate/up are fused
projections, split after. Attention (``LayerShape.attention``) is written either with stock
operators: ``Q K^T`` (a batched ``matmul`` over heads), scale, an additive causal mask (an
input), softmax in fp32, ``P V``; or as ``nn.op.scaled_dot_product_attention(...,
is_causal=True)``. This module needs only the compiler side of TVM; the GPU side is
``run_llama.py``.
"""

from __future__ import annotations

import dataclasses

import tvm
from tvm import te
from tvm.relax.frontend import nn
from tvm.relax.frontend.nn import op


@dataclasses.dataclass(frozen=True)
class LayerShape:
    """Sizes of the layer and of its input (``batch x seq`` tokens)."""

    seq: int = 4096
    hidden: int = 4096
    heads: int = 32
    heads_kv: int = 0  # key/value heads (grouped-query attention); 0: as many as heads
    head_dim: int = 128
    mlp: int = 11008
    batch: int = 1
    eps: float = 1e-5
    attention: str = "explicit"
    """``"explicit"``: ``matmul``, scale, additive mask (an input), softmax, ``matmul``;
    ``"sdpa"``: ``op.scaled_dot_product_attention(q, k, v, is_causal=True)`` (no mask input;
    grouped-query attention with ``heads_kv < heads``, as Llama-3)."""
    dynamic: bool = False
    """Compile for any sequence length (``seq`` is then the length the benchmark runs)."""

    def __post_init__(self):
        if not self.heads_kv:
            object.__setattr__(self, "heads_kv", self.heads)

    def inputs(self) -> list[str]:
        """The activations ``forward`` takes before the weights."""
        return ["x", "mask"] if self.attention == "explicit" else ["x"]

    def params(self) -> dict[str, tuple[int, ...]]:
        """Weight shapes by parameter name, in the order the compiled function takes them."""
        h = self.hidden
        qkv = (self.heads + 2 * self.heads_kv) * self.head_dim
        return {"input_norm.weight": (h,), "post_norm.weight": (h,), "qkv.weight": (qkv, h),
                "o.weight": (h, h), "gate_up.weight": (2 * self.mlp, h), "down.weight": (h, self.mlp)}

    def flops(self) -> int:
        """Multiply-adds times two of the layer's matmuls (causal mask not exploited)."""
        tokens, h = self.batch * self.seq, self.hidden
        qkv = (self.heads + 2 * self.heads_kv) * self.head_dim
        linear = tokens * h * (qkv + h + 2 * self.mlp) + tokens * self.mlp * h
        attention = 2 * self.batch * self.heads * self.seq * self.seq * self.head_dim
        return 2 * (linear + attention)


def _nt_matmul(x: te.Tensor, w: te.Tensor) -> te.Tensor:
    k = te.reduce_axis((0, x.shape[-1]), name="k")
    return te.compute((*x.shape[:-1], w.shape[0]), lambda *i: te.sum(x[(*i[:-1], k)] * w[i[-1], k], axis=k),
                      name="NT_matmul")


class Linear(nn.Module):
    """``y = x @ W^T``, ``W: [n_out, n_in]``, no bias, as one ``NT_matmul``."""

    def __init__(self, n_in: int, n_out: int, dtype: str = "float16"):
        self.weight = nn.Parameter((n_out, n_in), dtype)

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        return op.tensor_expr_op(_nt_matmul, "NT_matmul", [x, self.weight])


class DecoderLayer(nn.Module):
    """The layer (module docstring); ``forward(x, mask)`` with ``mask`` additive ``[1, 1, seq, seq]``
    (``forward(x)`` with ``attention="sdpa"``)."""

    def __init__(self, shape: LayerShape):
        h = shape.hidden
        self.shape = shape
        self.input_norm = nn.RMSNorm(h, -1, shape.eps, bias=False, dtype="float16")
        self.post_norm = nn.RMSNorm(h, -1, shape.eps, bias=False, dtype="float16")
        self.qkv = Linear(h, (shape.heads + 2 * shape.heads_kv) * shape.head_dim)
        self.o = Linear(h, h)
        self.gate_up = Linear(h, 2 * shape.mlp)
        self.down = Linear(shape.mlp, h)

    def forward(self, x: nn.Tensor, mask: nn.Tensor | None = None) -> nn.Tensor:
        s = self.shape
        b, t, _ = x.shape
        qkv = op.reshape(self.qkv(self.input_norm(x)), (b, t, s.heads + 2 * s.heads_kv, s.head_dim))
        if s.attention == "sdpa":
            q, k, v = op.split(qkv, [s.heads, s.heads + s.heads_kv], axis=2)
            attention = op.reshape(op.scaled_dot_product_attention(q, k, v, is_causal=True), (b, t, s.hidden))
        else:
            q, k, v = (op.permute_dims(part, [0, 2, 1, 3]) for part in op.split(qkv, 3, axis=2))
            scores = op.matmul(q, op.permute_dims(k, [0, 1, 3, 2])) * (s.head_dim ** -0.5) + mask
            probs = op.softmax(scores.astype("float32"), axis=-1).astype("float16")
            attention = op.reshape(op.permute_dims(op.matmul(probs, v), [0, 2, 1, 3]), (b, t, s.hidden))
        h = x + self.o(attention)
        gate, up = op.split(self.gate_up(self.post_norm(h)), 2, axis=-1)
        return h + self.down(op.silu(gate) * up)


def export(module: nn.Module, shape, activations: dict[str, nn.spec.Tensor]) -> tvm.IRModule:
    """``module`` as a Relax ``IRModule`` with one function ``forward(*activations, *weights)``,
    the activations ``shape.inputs()`` names, the weights in ``shape.params()`` order."""
    spec = {"forward": {name: activations[name] for name in shape.inputs()}}
    mod, params = module.export_tvm(spec)
    names = [name for name, _ in params]
    if names != list(shape.params()):
        raise AssertionError(f"parameter order changed: {names}")
    return mod


def relax_module(shape: LayerShape) -> tvm.IRModule:
    """The layer as a Relax ``IRModule`` with one function ``forward(x, mask, *weights)``, the
    weights in :meth:`LayerShape.params` order."""
    seq = "seq" if shape.dynamic else shape.seq
    return export(DecoderLayer(shape), shape, {"x": nn.spec.Tensor([shape.batch, seq, shape.hidden], "float16"),
                                               "mask": nn.spec.Tensor([1, 1, seq, seq], "float16")})
