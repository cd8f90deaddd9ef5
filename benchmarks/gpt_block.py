"""A GPT-2-style transformer block written as a new user writes one, with stock ``tvm.relax.frontend.nn``
modules: ``nn.LayerNorm``, ``nn.Linear(bias=True)`` (``matmul(x, permute_dims(W)) + b``),
``op.gelu`` and ``op.scaled_dot_product_attention(..., is_causal=True)``::

    x = x + proj(attention(split(qkv(ln1(x)))));  x = x + out(gelu(fc(ln2(x))))

fp16 throughout. This module needs only the compiler side of TVM; ``run_llama.py --model
gpt`` runs it against torch.
"""

from __future__ import annotations

import dataclasses

import tvm
from tvm.relax.frontend import nn
from tvm.relax.frontend.nn import op

from llama_layer import export


@dataclasses.dataclass(frozen=True)
class BlockShape:
    """Sizes of the block and of its input (``batch x seq`` tokens)."""

    seq: int = 2048
    hidden: int = 2048
    heads: int = 16
    batch: int = 1
    eps: float = 1e-5
    attention: str = "sdpa"  # (the only form: the field lets the Llama builds' options apply)
    dynamic: bool = False

    @property
    def head_dim(self) -> int:
        return self.hidden // self.heads

    def inputs(self) -> list[str]:
        return ["x"]

    def params(self) -> dict[str, tuple[int, ...]]:
        """Weight shapes by parameter name, in the order the compiled function takes them."""
        h = self.hidden
        return {"ln1.weight": (h,), "ln1.bias": (h,), "ln2.weight": (h,), "ln2.bias": (h,),
                "qkv.weight": (3 * h, h), "qkv.bias": (3 * h,), "proj.weight": (h, h), "proj.bias": (h,),
                "fc.weight": (4 * h, h), "fc.bias": (4 * h,), "out.weight": (h, 4 * h), "out.bias": (h,)}

    def flops(self) -> int:
        """Multiply-adds times two of the matmuls (the causal half of the attention counted)."""
        tokens, h = self.batch * self.seq, self.hidden
        attention = 2 * self.batch * self.seq * self.seq * h // 2
        return 2 * (tokens * h * (3 * h + h + 8 * h) + attention)


class Block(nn.Module):
    """The block (module docstring)."""

    def __init__(self, shape: BlockShape):
        h = shape.hidden
        self.shape = shape
        self.ln1 = nn.LayerNorm(h, eps=shape.eps, dtype="float16")
        self.ln2 = nn.LayerNorm(h, eps=shape.eps, dtype="float16")
        self.qkv = nn.Linear(h, 3 * h, bias=True, dtype="float16")
        self.proj = nn.Linear(h, h, bias=True, dtype="float16")
        self.fc = nn.Linear(h, 4 * h, bias=True, dtype="float16")
        self.out = nn.Linear(4 * h, h, bias=True, dtype="float16")

    def forward(self, x: nn.Tensor) -> nn.Tensor:
        s = self.shape
        b, t, _ = x.shape
        q, k, v = op.split(op.reshape(self.qkv(self.ln1(x)), (b, t, 3 * s.heads, s.head_dim)), 3, axis=2)
        x = x + self.proj(op.reshape(op.scaled_dot_product_attention(q, k, v, is_causal=True), (b, t, s.hidden)))
        return x + self.out(op.gelu(self.fc(self.ln2(x))))


def relax_module(shape: BlockShape) -> tvm.IRModule:
    """The block as a Relax ``IRModule`` with one function ``forward(x, *weights)``, the weights
    in :meth:`BlockShape.params` order."""
    seq = "seq" if shape.dynamic else shape.seq
    return export(Block(shape), shape, {"x": nn.spec.Tensor([shape.batch, seq, shape.hidden], "float16")})
