"""A Llama-3-style decoder layer written as Hugging Face's ``LlamaDecoderLayer`` is, with stock
``tvm.relax.frontend.nn`` modules: ``nn.RMSNorm``, separate ``q_proj`` / ``k_proj`` / ``v_proj`` /
``o_proj`` and ``gate_proj`` / ``up_proj`` / ``down_proj`` ``nn.Linear(bias=False)`` layers
(``matmul(x, permute_dims(W))``), ``op.scaled_dot_product_attention(..., is_causal=True)`` with
grouped-query heads, ``op.silu``::

    h = x + o_proj(attention(q_proj(n), k_proj(n), v_proj(n))),  n = input_norm(x)
    y = h + down_proj(silu(gate_proj(m)) * up_proj(m)),             m = post_norm(h)

No rotary embedding (as ``llama_layer.py``). fp16 throughout. ``run_llama.py --model hf_llama``
runs it against torch written the same way.
"""

from __future__ import annotations

import dataclasses

import tvm
from tvm.relax.frontend import nn
from tvm.relax.frontend.nn import op

from llama_layer import LayerShape, export


@dataclasses.dataclass(frozen=True)
class HFLayerShape(LayerShape):
    """:class:`llama_layer.LayerShape` with Llama-3's 8 KV heads and SDPA attention."""

    heads_kv: int = 8
    attention: str = "sdpa"

    def params(self) -> dict[str, tuple[int, ...]]:
        """Weight shapes by parameter name, in the order the compiled function takes them."""
        h, kv = self.hidden, self.heads_kv * self.head_dim
        return {"input_norm.weight": (h,), "q_proj.weight": (h, h), "k_proj.weight": (kv, h),
                "v_proj.weight": (kv, h), "o_proj.weight": (h, h), "post_norm.weight": (h,),
                "gate_proj.weight": (self.mlp, h), "up_proj.weight": (self.mlp, h), "down_proj.weight": (h, self.mlp)}


class DecoderLayer(nn.Module):
    """The layer (module docstring)."""

    def __init__(self, shape: HFLayerShape):
        h, kv = shape.hidden, shape.heads_kv * shape.head_dim
        self.shape = shape
        self.input_norm = nn.RMSNorm(h, -1, shape.eps, bias=False, dtype="float16")
        self.q_proj = nn.Linear(h, h, bias=False, dtype="float16")
        self.k_proj = nn.Linear(h, kv, bias=False, dtype="float16")
        self.v_proj = nn.Linear(h, kv, bias=False, dtype="float16")
        self.o_proj = nn.Linear(h, h, bias=False, dtype="float16")
        self.post_norm = nn.RMSNorm(h, -1, shape.eps, bias=False, dtype="float16")
        self.gate_proj = nn.Linear(h, shape.mlp, bias=False, dtype="float16")
        self.up_proj = nn.Linear(h, shape.mlp, bias=False, dtype="float16")
        self.down_proj = nn.Linear(shape.mlp, h, bias=False, dtype="float16")

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        s = self.shape
        b, t, _ = x.shape
        n = self.input_norm(x)
        q = op.reshape(self.q_proj(n), (b, t, s.heads, s.head_dim))
        k = op.reshape(self.k_proj(n), (b, t, s.heads_kv, s.head_dim))
        v = op.reshape(self.v_proj(n), (b, t, s.heads_kv, s.head_dim))
        h = x + self.o_proj(op.reshape(op.scaled_dot_product_attention(q, k, v, is_causal=True), (b, t, s.hidden)))
        m = self.post_norm(h)
        return h + self.down_proj(op.silu(self.gate_proj(m)) * self.up_proj(m))


def relax_module(shape: HFLayerShape) -> tvm.IRModule:
    """The layer as a Relax ``IRModule`` with one function ``forward(x, *weights)``, the weights
    in :meth:`HFLayerShape.params` order."""
    seq = "seq" if shape.dynamic else shape.seq
    return export(DecoderLayer(shape), shape, {"x": nn.spec.Tensor([shape.batch, seq, shape.hidden], "float16")})
