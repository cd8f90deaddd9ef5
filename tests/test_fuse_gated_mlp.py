"""FuseGatedMLP (``silu(gate) * up`` in the gate/up GEMM's epilogue) and the wgmma rule's
gated epilogue: which Relax patterns are taken and which are not, the scheduled function's
structure (one tensor copy of both weight halves per stage, the epilogue's vectors and
predicates), and nvcc sm_90a."""

from __future__ import annotations

import pathlib
import re
import shutil
import sys

import pytest
import tvm
import tvm_ffi
from tvm import relax, s_tir, tirx
from tvm.relax.frontend import nn
from tvm.relax.frontend.nn import op

import tvm_tma
from tvm_tma import dlight as tdl
from tvm_tma.relax import gated_matmul
from tvm_tma.transforms._ir import substitute

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import llama_layer

TARGET = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})


class GatedMLP(nn.Module):
    """``silu(gate) * up`` over a fused gate/up projection, written with ``nn.Linear``
    (``linear=True``: ``matmul(x, permute_dims(W))``) or as ``llama_layer.py`` writes it (one
    ``x @ W^T`` PrimFunc), split in 2 or (``at_index``) at ``mlp``. ``also_gate``: the gate is
    returned too (used twice)."""

    def __init__(self, hidden: int, mlp: int, *, linear: bool = True, also_gate: bool = False, at_index: bool = False):
        self.gate_up = (nn.Linear(hidden, 2 * mlp, bias=False, dtype="float16") if linear
                        else llama_layer.Linear(hidden, 2 * mlp))
        self.also_gate, self.sections = also_gate, [mlp] if at_index else 2

    def forward(self, x: nn.Tensor):
        gate, up = op.split(self.gate_up(x), self.sections, axis=-1)
        out = op.silu(gate) * up
        return (out, gate) if self.also_gate else out


def _fused(rows, hidden: int = 256, mlp: int = 384, target=TARGET, **options) -> tvm.IRModule:
    mod, _ = GatedMLP(hidden, mlp, **options).export_tvm({"forward": {"x": nn.spec.Tensor([1, rows, hidden],
                                                                                          "float16")}})
    with target:
        return tvm.transform.Sequential(tdl.fusion_passes(target))(mod)


def _gated(mod: tvm.IRModule) -> list[str]:
    return [gv.name_hint for gv in mod.get_global_vars() if gv.name_hint.startswith("gated_matmul")]


@pytest.mark.parametrize("linear, at_index", [(True, False), (False, False), (True, True)],
                         ids=["nn_linear", "nt_matmul", "split_at_mlp"])
@pytest.mark.parametrize("rows", [128, "n"])
def test_gated_mlp_is_one_gemm_with_the_epilogue(linear, at_index, rows):
    """Written with ``nn.Linear`` or as one ``x @ W^T`` PrimFunc, static or symbolic rows: one
    gated GEMM on x and a view of W (``[2, mlp, K]``: no copy), which the wgmma rule takes; no
    split, silu or multiply function is left."""
    fused = _fused(rows, linear=linear, at_index=at_index)
    assert len(_gated(fused)) == 1, _gated(fused)
    others = [gv.name_hint for gv in fused.get_global_vars() if gv.name_hint not in _gated(fused)]
    assert not any(name in other for other in others for name in ("silu", "split")), others
    views = relax.transform.RewriteDataflowReshape()(fused)["forward"].script()  # (in the lowering passes)
    assert "R.reshape(gate_up_weight, R.shape([2, 384, 256]))" in views, views  # a view, no kernel
    with TARGET:
        _, taken_by = tdl.apply_rules(fused)
    assert taken_by[_gated(fused)[0]] == "tvm_tma.dlight.wgmma_matmul.WgmmaMatmul"


@pytest.mark.parametrize("case", ["sm_90", "gate_used_twice", "few_rows", "mlp_not_a_multiple_of_8", "k_of_64"])
def test_what_the_rewrite_leaves_as_it_is(case):
    """No sm_90a (no wgmma: the epilogue is the wgmma rule's), the gate used elsewhere (the
    product must reach memory), 64 rows or fewer (the GEMV rule's), ``mlp`` of 100 (rows of
    200 bytes), K of 64 (no wgmma rule for the unfused GEMM either): the split, silu and
    multiply stay as stock fuses them."""
    options = {"sm_90": {"target": tvm.target.Target({"kind": "cuda", "arch": "sm_90"})},
               "gate_used_twice": {"also_gate": True}, "few_rows": {"rows": 64},
               "mlp_not_a_multiple_of_8": {"mlp": 100}, "k_of_64": {"hidden": 64}}[case]
    fused = _fused(options.pop("rows", 128), **options)
    assert not _gated(fused)
    assert any("silu_multiply" in gv.name_hint for gv in fused.get_global_vars())


def _scheduled(rows, mlp: int, pair: int, k: int = 512) -> s_tir.Schedule:
    func = gated_matmul(rows, k, mlp, "float16", pair).with_attr("global_symbol", "gated")
    with TARGET:
        scheduled = tdl.WgmmaMatmul().apply(func, TARGET, False)
    assert scheduled is not None
    return scheduled


def _store_bounds(func: tirx.PrimFunc) -> tuple[str, str]:
    """The epilogue's bounds in the tiles the rows or the columns end in (its version for whole
    tiles has none): the predicate of its ``silu_multiply`` block, and the condition of the branch
    each thread's vectors are loaded, computed and stored in."""
    predicates, conditions = [], []
    tvm_ffi.structural_walk(func.body, (s_tir.SBlockRealize, lambda r: predicates.append(str(r.predicate))
                                        if r.block.name_hint == "silu_multiply" else None))

    def on_if(branch):
        found = []
        tvm_ffi.structural_walk(branch.then_case, (s_tir.SBlockRealize, lambda r: found.append(r)
                                                   if r.block.name_hint == "silu_multiply" else None))
        if found and not isinstance(branch.condition, tvm.ir.Call):  # (not the whole tiles' test)
            conditions.append(str(branch.condition))

    tvm_ffi.structural_walk(func.body, (tirx.IfThenElse, on_if))
    whole, predicate = predicates
    assert whole == "T.bool(True)" and len(conditions) == 1, (predicates, conditions)
    return predicate, conditions[0]


@pytest.mark.parametrize("pair", [192, 224])
@pytest.mark.parametrize("rows", [1000, "m"])
def test_ragged_slices_keep_the_row_bound_and_store_whole_vectors(rows, pair):
    """``mlp`` 1000 in slices of 96 or 112 columns (tiles of 192: 96 gate and 96 up columns, or
    224): the last slice's weight rows past 1000 read as zeros, its outputs past 1000 not
    stored; rows 1000 (a partial last row tile) or symbolic. Both halves of a weight tile are
    one 3-D tensor copy (a half of 112 rows is fetched 32 rows a step by the schedule: its last
    step's spare threads). The epilogue is bounded by both the rows (a branch around each
    thread's vectors) and the columns (TVM's ``reverse_compute_inline`` of the column bound had
    replaced the row bound: rows past the end were stored), the column bound per 8 columns (its
    blocks' predicate), so each thread
    loads the gate's and the up's 8 values by one 16-byte vector each and stores one; tiles
    within both bounds take a version of the epilogue without the predicate."""
    row_var = tirx.Var("m", "int64") if rows == "m" else rows
    scheduled = _scheduled(row_var, 1000, pair)
    column_bound, row_bound = _store_bounds(scheduled.mod["main"])
    assert column_bound.endswith("< T.int64(125)"), column_bound  # 1000 columns: 125 vectors of 8
    assert row_bound.endswith("< m" if rows == "m" else "< T.int64(1000)"), row_bound
    with tvm_tma.copy_report() as report:
        source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled.mod, TARGET, tir_pipeline="tma"))
    weights = [str(e) for e in report if "w_gate_up" in str(e).partition(" -> ")[0]]
    assert weights and all(w.endswith(f"{pair * 64 * 2} bytes as 1 x cp.async.bulk.tensor.3d (128B swizzle)")
                           for w in weights), weights
    epilogue = source[source.index("__expf"):] if "__expf" in source else ""
    body = source[source.rindex("bar_sync_count_sync((uint)1"):]
    # (two versions: whole tiles, and the tiles the rows or the columns end in)
    assert body.count("*(uint4*)(y_local_ptr") == 2 and "for (int ax0 = 0; ax0 < 2; ++ax0)" in body, body[:3000]
    assert body.count("*(uint4*)(out_ptr") == 2 and epilogue.count("__expf") == 16, body[:3000]
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


def test_gated_widths_compile_slices_of_112_beside_128_chosen_by_waves():
    """``WgmmaMatmul()`` under a symbolic M: the gated GEMM (Llama's MLP, slices of 128) also in
    slices of 112 columns, ragged (11008 = 98 x 112 + 32), whose weight tile is one tensor copy
    of 2 x 112 rows into a tile TVM sizes at 240 rows (its fetch's spare threads); the one
    launched is the one whose waves end sooner (6 waves of 112 at 1024 rows against 6 of 128;
    128 at 777, 3001 and 4096 rows). With ``gated_widths=False``, one schedule."""
    rows = tirx.Var("m", "int64")
    func = gated_matmul(rows, 512, 11008, "float16", 256).with_attr("global_symbol", "gated")
    with TARGET:
        one = tdl.WgmmaMatmul(gated_widths=False).scheduled(func, TARGET)
        both = tdl.WgmmaMatmul().scheduled(func, TARGET)
    (narrower,) = [b for b in _walked(both.body, tirx.Bind) if b.var.name == "narrower"]
    assert not any(b.var.name == "narrower" for b in _walked(one.body, tirx.Bind))
    picks = {m: bool(tvm.sym.Analyzer().simplify(substitute(narrower.value, {rows: tirx.IntImm("int64", m)})))
             for m in (1, 200, 777, 1024, 3001, 4096)}
    assert picks == {1: True, 200: True, 777: False, 1024: True, 3001: False, 4096: False}, picks
    with tvm_tma.copy_report() as report:
        source = tvm_tma.codegen.kernel_source(tvm.compile(tvm.IRModule({"main": both}), TARGET, tir_pipeline="tma"))
    weights = sorted({str(e).rpartition(": ")[2] for e in report if "w_gate_up" in str(e).partition(" -> ")[0]})
    assert weights == ["28672 bytes as 1 x cp.async.bulk.tensor.3d (128B swizzle)",
                       "32768 bytes as 1 x cp.async.bulk.tensor.3d (128B swizzle)"], weights
    assert "m64n224k16" in source and "m64n256k16" in source
    assert "(ax3_0 & 3) * 15360" in source  # (the 240-row tiles of the ring: 4 stages)
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


def _walked(node, kind) -> list:
    found = []
    tvm_ffi.structural_walk(node, (kind, found.append))
    return found


def test_the_rule_declines_an_epilogue_reading_other_elements():
    """An epilogue reading two outputs that are no gate/up pair (``y[i, j] * y[i, n - 1 - j]``):
    no rule of ours places it; stock's takes the function."""
    te = tvm.te
    x = te.placeholder((1, 256, 256), "float16", name="x")
    w = te.placeholder((512, 256), "float16", name="w")
    k = te.reduce_axis((0, 256), name="k")
    y = te.compute((1, 256, 512), lambda b, i, j: te.sum(x[b, i, k] * w[j, k], axis=k), name="NT_matmul")
    out = te.compute((1, 256, 512), lambda b, i, j: y[b, i, j] * y[b, i, 511 - j], name="mirror")
    func = te.create_prim_func([x, w, out])
    with TARGET:
        assert tdl.WgmmaMatmul().apply(func, TARGET, False) is None
        assert tdl.Matmul().apply(func, TARGET, False) is None


class _SeparateGateUp(nn.Module):
    """Hugging Face's ``LlamaMLP`` form: ``silu(gate_proj(x)) * up_proj(x)``, two linears."""

    def __init__(self, hidden: int, mlp: int):
        self.gate_proj = nn.Linear(hidden, mlp, bias=False, dtype="float16")
        self.up_proj = nn.Linear(hidden, mlp, bias=False, dtype="float16")

    def forward(self, x: nn.Tensor):
        return op.silu(self.gate_proj(x)) * self.up_proj(x)


def test_separate_gate_and_up_projections_stay_two_wgmma_gemms():
    """Separate projections are not fused into one gated GEMM (their weights are two tensors);
    Relax fuses ``silu(gate) * up`` into one of the two GEMMs, an epilogue that reads its output
    element twice (``y * sigmoid(y)``) and the other GEMM's at the same place: the wgmma rule
    takes both GEMMs (``mma.sync`` had the fused one, 14 s to compile at Llama's sizes), and
    the epilogue reads the other product by 16-byte vectors."""
    mod, _ = _SeparateGateUp(256, 384).export_tvm({"forward": {"x": nn.spec.Tensor([1, 200, 256], "float16")}})
    with TARGET:
        fused = tvm.transform.Sequential(tdl.fusion_passes(TARGET))(mod)
        scheduled, taken_by = tdl.apply_rules(fused, tdl.default_rules())
    assert not _gated(fused)
    gemms = {name: rule for name, rule in taken_by.items() if "matmul" in name}
    assert len(gemms) == 2 and set(gemms.values()) == {"tvm_tma.dlight.wgmma_matmul.WgmmaMatmul"}, taken_by
    (epilogue,) = [name for name in gemms if "silu" in name]
    source = tvm_tma.codegen.kernel_source(tvm.compile(
        scheduled, TARGET, relax_pipeline=tvm.transform.Sequential(tdl.lowering_passes(TARGET)), tir_pipeline="tma"))
    kernel = source[re.search(rf"void __launch_bounds__\(\d+, 1\) {epilogue}_kernel\(", source).start():]
    kernel = kernel[:kernel.index("\n}\n")]
    # the up projection's product, 8 elements a thread by one 16-byte load, predicated on the rows
    assert re.search(r"\*\(uint4\*\)\((lv\d+)_local_ptr \+ 0\) = \*\(uint4\*\)\(\1_ptr \+ ", kernel), kernel[-3000:]
    assert "hexp(" in kernel  # sigmoid as Relax legalizes it (fp16), in the epilogue
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


class _MLP(nn.Module):
    def __init__(self):
        self.gated, self.down = GatedMLP(256, 384), nn.Linear(384, 256, bias=False, dtype="float16")

    def forward(self, x: nn.Tensor):
        return self.down(self.gated(x))


def test_views_compile_to_no_kernels():
    """The reshapes around the gated GEMM (x to ``[1, M, K]``, W to ``[2, mlp, K]``, the output
    back) are views after dataflow lowering (a function's own output stays a copy, as TVM's
    ``RewriteDataflowReshape`` leaves it); ``lowering_passes`` removes their PrimFuncs, so the
    CUDA module holds the two GEMMs' kernels alone."""
    mod, _ = _MLP().export_tvm({"forward": {"x": nn.spec.Tensor([2, 100, 256], "float16")}})
    executable = tvm.compile(mod, TARGET, relax_pipeline=tdl.relax_pipeline(), tir_pipeline="tma")
    cuda = [m for m in executable.mod.imports[0].imports if m.kind == "cuda"]
    kernels = sorted(set(re.findall(r"__global__ void __launch_bounds__\([0-9, ]*\) (\w+)", cuda[0].inspect_source())))
    assert len(kernels) == 2 and kernels[1].startswith("gated_matmul_silu_384x256"), kernels


def test_hugging_face_llama_layer_takes_our_rules_everywhere():
    """``benchmarks/hf_llama.py`` (stock ``nn`` modules, separate projections, 8 KV heads) at
    small sizes: the attention becomes the fused kernel, every GEMM (the gate GEMM with
    ``silu(gate) * up``, the residual adds) is taken by the wgmma rule, nothing is left to
    stock's rules."""
    import hf_llama

    shape = hf_llama.HFLayerShape(seq=256, hidden=512, heads=4, heads_kv=2, mlp=1024)
    with TARGET:
        fused = tvm.transform.Sequential(tdl.fusion_passes(TARGET))(hf_llama.relax_module(shape))
        _, taken_by = tdl.apply_rules(fused, tdl.default_rules())
    kernels = [gv.name_hint for gv, f in fused.functions_items()
               if isinstance(f, tirx.PrimFunc) and f.attrs.get("tirx.is_scheduled", False)]
    assert [k for k in kernels if k.startswith("attention_")] == ["attention_d128_h4x2_float16_bshd_top_left"]
    gemms = {name: rule for name, rule in taken_by.items() if "matmul" in name}
    assert len(gemms) == 6 and set(gemms.values()) == {"tvm_tma.dlight.wgmma_matmul.WgmmaMatmul"}, taken_by
    assert all(rule.startswith("tvm_tma.") for rule in taken_by.values()), taken_by
