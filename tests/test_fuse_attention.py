"""tvm_tma.relax.FuseAttention: which attentions become the fused kernel (R.nn.attention as
``scaled_dot_product_attention`` emits it, the unfused matmul-softmax-matmul pattern with its
permutes folded), which stay with stock's lowering and why, and a model written with stock
``nn`` modules compiled end to end."""

from __future__ import annotations

import pathlib
import re
import shutil
import sys

import pytest
import tvm
from tvm import relax
from tvm.relax.frontend import nn
from tvm.relax.frontend.nn import op

import tvm_tma
from tvm_tma.relax import FuseAttention, attention_report

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import llama_layer

TARGET = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})
_T = nn.spec.Tensor


def fuse(module: nn.Module, spec: dict) -> tuple[tvm.IRModule, list]:
    mod, _ = module.export_tvm({"forward": spec})
    with attention_report() as report:
        fused = FuseAttention()(mod)
    return fused, [str(r) for r in report]


def kernels(mod: tvm.IRModule) -> list[str]:
    return sorted(gv.name_hint for gv, f in mod.functions_items() if isinstance(f, tvm.tirx.PrimFunc))


class SDPA(nn.Module):
    def __init__(self, causal: bool = True):
        self.causal = causal

    def forward(self, q, k, v):
        return op.scaled_dot_product_attention(q, k, v, is_causal=self.causal)


def test_sdpa_gqa_with_symbolic_lengths():
    fused, report = fuse(SDPA(), {"q": _T(["b", "s", 8, 64], "float16"), "k": _T(["b", "s", 2, 64], "float16"),
                                  "v": _T(["b", "s", 2, 64], "float16")})
    name = "attention_d64_h8x2_float16_bshd_top_left"
    assert report == [f"forward: scaled_dot_product_attention: fused attention ({name})"]
    assert kernels(fused) == [name]
    assert f"R.call_tir({name}, (q, k, v), out_ty=R.Tensor((b, s, 8, 64)" in fused["forward"].script()
    assert "R.nn.attention" not in fused["forward"].script()
    assert [p.name for p in fused[name].params] == ["Q", "K", "V", "O"]


def test_attention_with_a_bias_bottom_right():
    q = relax.Var("q", relax.TensorType((2, 100, 4, 128), "bfloat16"))
    kv = relax.Var("kv", relax.TensorType((2, 300, 4, 128), "bfloat16"))
    bias = relax.Var("bias", relax.TensorType((1, 4, 100, 300), "float32"))
    bb = relax.BlockBuilder()
    with bb.function("main", [q, kv, bias]):
        with bb.dataflow():
            out = bb.emit_output(relax.op.nn.attention(q, kv, kv, bias, scale=0.125, causal_mask="BottomRight"))
        bb.emit_func_output(out)
    with attention_report() as report:
        fused = FuseAttention()(bb.get())
    name = "attention_d128_h4x4_bfloat16_bshd_bottom_right_mask"
    assert [r.kernel for r in report] == [name]
    assert kernels(fused) == [name]
    assert [p.name for p in fused[name].params] == ["Q", "K", "V", "M", "O"]


def test_unfused_pattern_of_the_llama_layer_folds_its_permutes_and_split():
    """matmul(q, k^T) * scale + mask -> fp32 softmax -> fp16 -> matmul(p, v) -> permute, q, k
    and v the permuted thirds of the fused projection's output: the kernel reads that output
    as [b, s, 3 h, d] in place and writes O as [b, s, h, d]; no transpose or split is left."""
    mod = llama_layer.relax_module(llama_layer.LayerShape(seq=256, hidden=256, heads=2, mlp=512))
    with attention_report() as report:
        fused = FuseAttention()(mod)
    name = "attention_d128_h2x2_float16_bshd_mask_packed"
    assert [str(r) for r in report] == [f"forward: permute_dims4: fused attention ({name})"]
    script = fused["forward"].script()
    assert f"R.call_tir({name}, (reshape, mask)" in script
    assert "R.permute_dims" not in script and "R.nn.softmax" not in script and "R.split(reshape" not in script
    assert [p.name for p in fused[name].params] == ["Q", "M", "O"]
    func = fused[name]
    assert abs(float(_scale(func)) - 0.08837890625 * 1.4426950408889634) < 1e-6  # the fp16 constant, times log2(e)


def _scale(func) -> float:
    """The scale of the scores in log2 units the kernel multiplies by (a float constant)."""
    import tvm_ffi

    found = []
    tvm_ffi.structural_walk(func.body, (tvm.tirx.FloatImm, lambda f: found.append(float(f.value))))
    return next(v for v in found if 0.12 < v < 0.13)


class Explicit(nn.Module):
    """The unfused pattern on [b, h, s, d] operands (no permute to fold) with fp16 softmax."""

    def forward(self, q, k, v):
        scores = op.matmul(q, op.permute_dims(k, [0, 1, 3, 2])) / 8.0
        return op.matmul(op.softmax(scores, axis=-1), v)


def test_unfused_pattern_in_bhsd():
    fused, report = fuse(Explicit(), {"q": _T([1, 4, "s", 64], "float16"), "k": _T([1, 4, "s", 64], "float16"),
                                      "v": _T([1, 4, "s", 64], "float16")})
    assert report == ["forward: matmul1: fused attention (attention_d64_h4x4_float16_bhsd)"]


@pytest.mark.parametrize("spec, reason", [
    ({"q": _T([1, 64, 4, 80], "float16"), "k": _T([1, 64, 4, 80], "float16"), "v": _T([1, 64, 4, 80], "float16")},
     r"attention_shape: head_dim = 80: expected one of \[64, 128, 256\]"),
    ({"q": _T([1, 64, 4, 64], "float32"), "k": _T([1, 64, 4, 64], "float32"), "v": _T([1, 64, 4, 64], "float32")},
     r"wgmma_dtype: attention: dtype float32"),
])
def test_attention_it_cannot_take_stays_with_stock(spec, reason):
    fused, report = fuse(SDPA(False), spec)
    assert len(report) == 1 and "left to stock's lowering" in report[0]
    assert re.search(reason, report[0]), report[0]
    assert kernels(fused) == [] and "R.nn.attention" in fused["forward"].script()


class TwoDMask(nn.Module):
    def forward(self, q, k, v, mask):
        scores = op.matmul(q, op.permute_dims(k, [0, 1, 3, 2])) + mask
        return op.matmul(op.softmax(scores, axis=-1), v)


def test_a_mask_of_another_shape_stays_with_stock():
    spec = {"q": _T([1, 4, 64, 64], "float16"), "k": _T([1, 4, 64, 64], "float16"),
            "v": _T([1, 4, 64, 64], "float16"), "mask": _T([64, 64], "float16")}
    fused, report = fuse(TwoDMask(), spec)
    assert report == ["forward: matmul1: left to stock's lowering (an operand of R.Tensor((64, 64), "
                      "dtype=\"float16\"): expected a 4-D tensor of known shape)"]
    assert kernels(fused) == []


class GPTBlock(nn.Module):
    """A GPT-2-style block written with stock modules: nn.Linear with bias, nn.LayerNorm, gelu,
    scaled_dot_product_attention(is_causal=True)."""

    def __init__(self, hidden: int = 256, heads: int = 4):
        self.heads, self.head_dim = heads, hidden // heads
        self.ln1 = nn.LayerNorm(hidden, dtype="float16")
        self.ln2 = nn.LayerNorm(hidden, dtype="float16")
        self.qkv = nn.Linear(hidden, 3 * hidden, bias=True, dtype="float16")
        self.proj = nn.Linear(hidden, hidden, bias=True, dtype="float16")
        self.fc = nn.Linear(hidden, 4 * hidden, bias=True, dtype="float16")
        self.out = nn.Linear(4 * hidden, hidden, bias=True, dtype="float16")

    def forward(self, x):
        b, s, hidden = x.shape
        q, k, v = op.split(op.reshape(self.qkv(self.ln1(x)), (b, s, 3 * self.heads, self.head_dim)), 3, axis=2)
        y = op.reshape(op.scaled_dot_product_attention(q, k, v, is_causal=True), (b, s, hidden))
        x = x + self.proj(y)
        return x + self.out(op.gelu(self.fc(self.ln2(x))))


def test_stock_module_block_compiles_with_the_fused_attention():
    mod, _ = GPTBlock().export_tvm({"forward": {"x": _T([1, "s", 256], "float16")}})
    with attention_report() as report:
        executable = tvm.compile(mod, TARGET, relax_pipeline=tvm_tma.dlight.relax_pipeline(), tir_pipeline="tma")
    assert [str(r) for r in report] == [
        "forward: scaled_dot_product_attention: fused attention (attention_d64_h4x4_float16_bshd_top_left_packed)"]
    source = tvm_tma.codegen.kernel_source(executable)
    assert "attention_d64_h4x4_float16_bshd_top_left_packed_kernel" in source
    assert "split" not in source  # the fused projection's output read in place
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source)


class TwoAttentions(nn.Module):
    def forward(self, q, k, v, q2, k2, v2):
        return (op.scaled_dot_product_attention(q, k, v, is_causal=True),
                op.scaled_dot_product_attention(q2, k2, v2, is_causal=True))


def _two_attentions(first: int, second: int, monkeypatch) -> tuple[tvm.IRModule, list, list]:
    """Two causal attentions of one head shape, ``first`` and ``second`` tokens; the
    configurations the kernel was built for."""
    from tvm_tma.relax import fuse_attention

    built = []
    original = fuse_attention.attention
    monkeypatch.setattr(fuse_attention, "attention", lambda *a, **kw: built.append(a) or original(*a, **kw))
    spec = {f"{x}{i}": _T([1, n, 4, 64], "float16") for i, n in (("", first), ("2", second)) for x in "qkv"}
    fused, report = fuse(TwoAttentions(), spec)
    return fused, report, built


def test_attentions_of_different_lengths_get_kernels_of_their_own(monkeypatch):
    fused, report, built = _two_attentions(256, 512, monkeypatch)
    name = "attention_d64_h4x4_float16_bshd_top_left"
    assert kernels(fused) == [name, f"{name}_1"] and [a[3] for a in built] == [256, 512]
    assert report == [f"forward: scaled_dot_product_attention: fused attention ({name})",
                      f"forward: scaled_dot_product_attention1: fused attention ({name}_1)"]
    script = fused["forward"].script()
    assert f"R.call_tir({name}, (q, k, v), out_ty=R.Tensor((1, 256, 4, 64)" in script
    assert f"R.call_tir({name}_1, (q2, k2, v2), out_ty=R.Tensor((1, 512, 4, 64)" in script
    tvm.relax.analysis.well_formed(fused)  # (raises where a call's operands do not fit its kernel)


def test_attentions_of_one_configuration_share_one_kernel_built_once(monkeypatch):
    fused, report, built = _two_attentions(256, 256, monkeypatch)
    name = "attention_d64_h4x4_float16_bshd_top_left"
    assert kernels(fused) == [name] and len(built) == 1
    assert report == [f"forward: scaled_dot_product_attention{i}: fused attention ({name})" for i in ("", "1")]
