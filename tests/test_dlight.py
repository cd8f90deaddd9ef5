"""``tvm_tma.dlight``: each rule takes the Relax function it targets (and leaves the ones it
cannot do to stock's rules), and the module compiled with ``tir_pipeline="tma"`` loads every
operand of ours by TMA bulk copies that nvcc accepts for sm_90a.

One Relax module (``tvm.relax.frontend.nn``, as MLC-LLM writes models) holds every case, fused
by TVM's CUDA pipeline and compiled once: a small Llama decoder layer (NT linear layers with
fp16 accumulation, residual epilogues, batched attention matmuls with a scale / mask / cast
epilogue, RMSNorm, fp32 softmax), ``nn.Linear`` with a dynamic number of rows (an NN matmul on
the transposed weight), an fp32-accumulating matmul, LayerNorm, a decode-time projection with
a residual (GEMV) and one whose reduction (1000) is no multiple of the GEMV's chunk, and a
linear layer and an RMSNorm whose rows are not 16-byte multiples.
"""

from __future__ import annotations

import pathlib
import shutil
import sys
import warnings

import pytest
import tvm
import tvm_ffi
from tvm.relax.frontend import nn
from tvm.relax.frontend.nn import op

import tvm_tma
from tvm_tma import dlight as tdl

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
import llama_layer

TARGET = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})


class Workloads(nn.Module):
    def __init__(self):
        self.block = llama_layer.DecoderLayer(llama_layer.LayerShape(seq=128, hidden=256, heads=2, head_dim=128,
                                                                     mlp=384))
        self.linear = nn.Linear(256, 128, bias=False, dtype="float16")
        self.norm = nn.LayerNorm(512, dtype="float16")
        self.decode_proj = llama_layer.Linear(512, 512)
        self.decode_tail = llama_layer.Linear(1000, 512)
        self.odd_proj = llama_layer.Linear(100, 128)
        self.odd_norm = nn.RMSNorm(100, -1, bias=False, dtype="float16")

    def layer(self, x, mask):
        return self.block(x, mask)

    def dynamic(self, x):
        return self.linear(x)

    def extras(self, a, b, y):
        return op.matmul(a, b, out_dtype="float32"), self.norm(y)

    def decode(self, x):
        return x + self.decode_proj(x)

    def decode_down(self, x):
        return self.decode_tail(x)

    def odd(self, x):
        return self.odd_proj(self.odd_norm(x))


_T = nn.spec.Tensor
SPEC = {"layer": {"x": _T([1, 128, 256], "float16"), "mask": _T([1, 1, 128, 128], "float16")},
        "dynamic": {"x": _T([1, "n", 256], "float16")},
        "extras": {"a": _T([1024, 256], "float16"), "b": _T([256, 128], "float16"), "y": _T([256, 512], "float16")},
        "decode": {"x": _T([1, 1, 512], "float16")},
        "decode_down": {"x": _T([1, 1, 1000], "float16")},
        "odd": {"x": _T([128, 100], "float16")}}

# The fused PrimFunc that reads a buffer of this name -> the rule that must schedule it.
EXPECTED = {
    "block.qkv.weight": tdl.WgmmaMatmul,  # x @ W^T, fp16 accumulation
    "w_gate_up": tdl.WgmmaMatmul,  # the gate/up projection with silu(gate) * up in its epilogue (FuseGatedMLP)
    "block.o.weight": tdl.WgmmaMatmul,  # ... + residual
    "block.down.weight": tdl.WgmmaMatmul,
    "mask": tdl.WgmmaMatmul,  # batched Q @ K^T (K^T materialized: NN), * scale + mask, cast to fp32
    "linear.weight": tdl.WgmmaMatmul,  # nn.Linear: x @ permute_dims(W), one x @ W^T (FuseTransposeMatmul); dynamic rows
    "b": tdl.WgmmaMatmul,  # fp32 accumulation; 8 row tiles: CTAs numbered in groups of rows
    "decode_proj.weight": tdl.GEMV,
    "decode_tail.weight": tdl.GEMV,  # K = 1000: a partial last chunk
    "block.input_norm.weight": tdl.RMSNorm,
    "norm.weight": tdl.LayerNorm,
    "astype": tdl.Softmax,  # the fp32 scores
}
# Rows of 100 fp16 (200 bytes: no 16-byte rows for TMA): stock's rules take them.
STOCK = ["odd_proj.weight", "odd_norm.weight"]


@pytest.fixture(scope="module")
def fused() -> tvm.IRModule:
    """The workloads fused as stock fuses them (``attention=False``: the layer's attention as
    its matmuls and softmax, for the rules that schedule those)."""
    mod, _ = Workloads().export_tvm(SPEC)
    with TARGET:
        return tvm.transform.Sequential(tdl.fusion_passes(TARGET, attention=False))(mod)


def test_fusion_passes_put_the_attention_on_the_fused_kernel():
    """By default the layer's attention (matmul, scale, mask, fp32 softmax, matmul) is one call
    of the fused kernel, scheduled already, which reads the mask; no softmax is left."""
    mod, _ = Workloads().export_tvm(SPEC)
    with TARGET:
        fused = tvm.transform.Sequential(tdl.fusion_passes(TARGET))(mod)
        _, taken_by = tdl.apply_rules(fused)
    name = "attention_d128_h2x2_float16_bshd_mask_packed"
    assert fused[name].attrs["tirx.is_scheduled"] and name not in taken_by
    assert [p.name for p in fused[name].params] == ["Q", "M", "O"]
    assert f"R.call_tir({name}, (reshape, mask)" in fused["layer"].script()
    assert not any("softmax" in gv.name_hint for gv in fused.get_global_vars())


def _function_reading(mod: tvm.IRModule, buffer: str) -> str:
    names = [gv.name_hint for gv, f in mod.functions_items()
             if isinstance(f, tvm.tirx.PrimFunc) and any(p.name == buffer for p in f.params)]
    assert len(names) == 1, f"expected one PrimFunc with a parameter {buffer!r}, got {names}"
    return names[0]


@pytest.fixture(scope="module")
def built(fused):
    """The module scheduled by ``default_rules()`` and compiled with ``"tma_all_launches"``
    (every pipeline on mbarriers: the functions of this small layer launch few CTAs): (which
    rule took each function, the copy report, the CUDA source)."""
    with TARGET:
        scheduled, taken_by = tdl.apply_rules(fused)
    with tvm_tma.copy_report() as report:
        executable = tvm.compile(scheduled, TARGET,
                                 relax_pipeline=tvm.transform.Sequential(tdl.lowering_passes(TARGET)),
                                 tir_pipeline="tma_all_launches")
    cuda = [m for m in executable.mod.imports[0].imports if m.kind == "cuda"]
    return taken_by, list(report), cuda[0].inspect_source()


def _name(rule: type) -> str:
    return f"{rule.__module__}.{rule.__name__}"


@pytest.mark.parametrize("buffer", list(EXPECTED))
def test_rule_takes_its_function_and_loads_it_by_tma(fused, built, buffer):
    taken_by, report, _ = built
    function = _function_reading(fused, buffer)
    assert taken_by[function] == _name(EXPECTED[buffer])
    copies = [entry for entry in report if entry.function == function]
    assert copies, f"{function}: no async copy reported"
    assert all(entry.instruction.startswith("cp.async.bulk") for entry in copies), [str(e) for e in copies]


def test_tensor_core_operands_are_swizzled_tensor_maps(fused, built):
    _, report, source = built
    for buffer in ("block.qkv.weight", "mask", "linear.weight"):
        function = _function_reading(fused, buffer)
        copies = [entry for entry in report if entry.function == function]
        assert all(e.instruction.startswith("cp.async.bulk.tensor") and "swizzle" in e.instruction for e in copies), \
            [str(e) for e in copies]
    assert "wgmma.mma_async.sync.aligned.m64n" in source and "mma.sync.aligned.m16n8k16" not in source


GEMMS = [buffer for buffer, rule in EXPECTED.items() if rule is tdl.WgmmaMatmul]


@pytest.mark.parametrize("buffer", GEMMS)
def test_gemms_go_to_mma_sync_where_there_is_no_wgmma(fused, buffer):
    """On sm_90 (no ``a``: no wgmma) the wgmma rule declines and the ``mma.sync`` rule takes them
    (not the gated GEMM, whose epilogue only the wgmma rule places: ``FuseGatedMLP`` makes it
    for sm_90a alone)."""
    sm90 = tvm.target.Target({"kind": "cuda", "arch": "sm_90"})
    func = fused[_function_reading(fused, buffer)]
    with sm90:
        assert tdl.WgmmaMatmul().apply(func, sm90, False) is None
        assert (tdl.Matmul().apply(func, sm90, False) is None) == (buffer == "w_gate_up")


@pytest.mark.parametrize("buffer", STOCK)
def test_rows_that_are_not_16_byte_multiples_fall_back_to_stock(fused, built, buffer):
    taken_by, report, _ = built
    function = _function_reading(fused, buffer)
    assert taken_by[function].startswith("tvm.s_tir.dlight.gpu.")
    assert not [entry for entry in report if entry.function == function]


def _kernel_body(source: str, function: str) -> str:
    body = source[source.index(f"{function}_kernel(", source.index(f"{function}_kernel(") + 1):]
    return body[:body.index("\n}\n")]


def test_elementwise_functions_move_16_byte_vectors(fused, built):
    """The layout copies around the attention: each thread loads and stores whole 16-byte
    vectors (stock's ``Fallback``: one 2-byte element per thread)."""
    taken_by, _, source = built
    functions = [name for name in taken_by if name.startswith("fused_transpose")]
    assert functions
    for name in functions:
        assert taken_by[name] == _name(tdl.ElementWise), name
        body = _kernel_body(source, name)
        assert body.count("*(uint4*)(") >= 2, body[:2000]


def test_elementwise_declines_what_it_cannot_vectorize(fused):
    """Several outputs (``split``), or an innermost extent no vector divides: stock's rules."""
    split = next(f for gv, f in fused.functions_items() if gv.name_hint == "fused_reshape_split")
    odd = tvm.te.compute((7, 5), lambda i, j: tvm.te.placeholder((7, 5), "float16", name="A")[i, j] * 2)
    with TARGET:
        assert tdl.ElementWise().apply(split, TARGET, False) is None
        assert tdl.ElementWise().apply(tvm.te.create_prim_func([odd.op.input_tensors[0], odd]), TARGET, False) is None


def test_every_function_is_scheduled(fused, built):
    taken_by, _, _ = built
    functions = {gv.name_hint for gv, f in fused.functions_items() if isinstance(f, tvm.tirx.PrimFunc)}
    assert functions == set(taken_by)


def test_nvcc_accepts_the_kernels(built):
    from tvm_tma.codegen import compile_cuda

    if shutil.which("nvcc") is None:
        pytest.skip("nvcc not on PATH: the CUDA was generated but not compiled")
    assert compile_cuda(built[2], arch="90a")


def test_sm_version_reads_the_arch_suffix_that_stock_dlight_does_not():
    from tvm.s_tir.dlight.gpu.matmul import check_sm_version

    from tvm_tma.dlight._target import sm_version

    assert check_sm_version("sm_90a") == -1  # stock dlight: no tensor cores on an sm_90a target
    assert sm_version(TARGET) == 90
    assert sm_version(tvm.target.Target({"kind": "cuda", "arch": "sm_80"})) == 80


def test_rules_leave_non_cuda_targets_to_others(fused):
    cpu = tvm.target.Target("llvm")
    for buffer, rule in EXPECTED.items():
        assert rule().apply(fused[_function_reading(fused, buffer)], cpu, False) is None, buffer


def _grid(func: tvm.tirx.PrimFunc) -> dict[str, int]:
    """Extent of each blockIdx binding of a scheduled PrimFunc."""
    import tvm_ffi

    loops: list = []
    tvm_ffi.structural_walk(func.body, (tvm.tirx.For, loops.append))
    return {loop.thread_binding.thread_tag: int(loop.extent) for loop in loops
            if loop.thread_binding is not None and loop.thread_binding.thread_tag.startswith("blockIdx")}


def test_matmul_numbers_ctas_in_groups_of_row_tiles_when_they_divide(fused):
    func = fused[_function_reading(fused, "b")]  # 1024 x 128: 8 row tiles, 1 column tile
    with TARGET:
        grouped = tdl.Matmul().apply(func, TARGET, False).mod["main"]
        plain = tdl.Matmul(tdl.MatmulConfig(group_m=1)).apply(func, TARGET, False).mod["main"]
    assert _grid(grouped) == {"blockIdx.z": 1, "blockIdx.x": 8}
    assert _grid(plain) == {"blockIdx.z": 1, "blockIdx.x": 1, "blockIdx.y": 8}


def test_wgmma_gemm_accumulates_in_fp32(fused):
    """The model's fp16-accumulating x @ W^T: fp32 accumulators (wgmma .f32), the output
    rounded once to fp16 by stmatrix, the weights' tiles in a ring filled by a producer
    warpgroup."""
    func = fused[_function_reading(fused, "block.qkv.weight")]
    with TARGET:  # the default tiling, not the one tuned for this small shape
        scheduled = tdl.WgmmaMatmul(tdl.WgmmaConfig()).apply(func, TARGET, False).mod["main"]
    script = scheduled.script()
    # fp32 fragments (batch, row tiles, column tiles of 256, thread, register), fp16 output tile
    assert ('NT_matmul_reindex_local = T.sblock_alloc_buffer((T.int64(1), T.int64(2), T.int64(3), T.int64(128), '
            'T.int64(128)), scope="local")') in script
    assert 'T.sblock_alloc_buffer((T.int64(1), T.int64(128), T.int64(768)), "float16", scope="shared.dyn")' in script
    assert '"tvm_tma.producer": "warp"' in script
    assert "T.Cast(\"float32\", T.Cast(\"float16\"" not in script  # no fp16 round trip left


def test_narrow_outputs_get_a_narrower_tile_and_more_stages():
    from tvm_tma.dlight.wgmma_matmul import narrow

    assert narrow(tdl.WgmmaConfig(), 4096) == tdl.WgmmaConfig()
    assert narrow(tdl.WgmmaConfig(), 128) == tdl.WgmmaConfig((128, 128, 64), 2, 6, 8)
    assert narrow(tdl.WgmmaConfig(), 100).tile == (128, 128, 64)


def test_tiling_follows_the_measured_table():
    """:func:`tuned`: persistent 128 x 256 tiles where they fill the SMs more than once (Llama's
    qkv, o, down at 4096 tokens), non-persistent where they fill them once (o at 1024 tokens:
    128 tiles), persistent 128 x 192 where only they fill them (GPT's qkv:
    24 column tiles of 256, 32 of 192), 128 x 128 where 128 x 256 tiles would not fill 90% of
    the SMs (512 tokens); with no persistent grid, non-persistent 128 x 192 tiles where their
    waves are fuller (Llama's gate_up at 1024 tokens: 920 tiles in 7 waves, not 688 in 6),
    128 x 168 where theirs are fuller still (N = 11008 at 512 and 1024 tokens: 66 column tiles,
    4 and 8 row tiles, whole waves), else 128 x 256 (at 4096 tokens both fill their waves); the
    default where M is dynamic."""
    from tvm_tma.dlight.wgmma_matmul import tuned

    wide, mid, small = ((128, 256, 64), 3, True), ((128, 192, 64), 4, True), ((128, 128, 64), 6, True)
    expected = {(4096, 12288): wide, (4096, 4096): wide, (1024, 4096): ((128, 256, 64), 4, False),
                (4096, 6144): mid, (2048, 6144): mid, (512, 4096): small, (1024, 22016): ((128, 192, 64), 4, False),
                (4096, 22016): ((128, 256, 64), 4, False), (None, 4096): ((128, 256, 64), 4, False),
                (None, 2048): ((128, 256, 64), 4, False), (1024, 11008): ((128, 168, 64), 4, False),
                (512, 11008): ((128, 168, 64), 4, False), (4096, 11008): ((128, 256, 64), 4, False)}
    for (m, n), want in expected.items():
        cfg = tuned(m, n)
        assert (cfg.tile, cfg.stages, cfg.persistent) == want, (m, n, cfg)
    assert tuned(512, 4096).group_m == 4 and tuned(1200, 4096).group_m == 2  # row tiles 4 and 10: no padding


@pytest.mark.parametrize("attention", [True, False])
def test_one_token_layer_compiles_without_a_rule_failing(attention):
    """One token through the layer (decode), the attention fused or as its matmuls and
    softmax (whose 1 x 1 score matmul stock's GEMV analysis asserts on): every function
    scheduled, no rule passed over."""
    shape = llama_layer.LayerShape(seq=1, hidden=256, heads=2, head_dim=128, mlp=384)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a rule that raised would warn
        executable = tvm.compile(llama_layer.relax_module(shape), TARGET,
                                 relax_pipeline=tdl.relax_pipeline(attention=attention), tir_pipeline="tma")
    assert [m for m in executable.mod.imports[0].imports if m.kind == "cuda"]


def test_a_rule_that_raises_is_passed_over(fused):
    """A rule that raises on a function: a warning names it and the error, the next rule takes it."""

    class Broken(tdl.ElementWise):
        def apply(self, func, target, _):
            raise AssertionError("broken analysis")

    with TARGET, pytest.warns(UserWarning, match=r"Broken raised on .*\(AssertionError: broken analysis\); the next "
                              "rule takes it"):
        _, taken_by = tdl.apply_rules(fused, [Broken(), *tdl.default_rules()])
    assert taken_by and not any(rule.endswith(".Broken") for rule in taken_by.values())


def _linear_gelu(rows) -> tvm.tirx.PrimFunc:
    """``gelu(x @ W^T + bias)`` (erf form, as Relax legalizes ``nn.gelu``) over ``rows`` rows."""
    te = tvm.te
    x = te.placeholder((1, rows, 256), "float16", name="x")
    w = te.placeholder((512, 256), "float16", name="w")
    bias = te.placeholder((512,), "float16", name="bias")
    k = te.reduce_axis((0, 256), name="k")
    mm = te.compute((1, rows, 512), lambda b, i, j: te.sum(x[b, i, k] * w[j, k], axis=k), name="NT_matmul")
    out = te.compute((1, rows, 512), lambda b, i, j: (mm[b, i, j] + bias[j]) * (
        tvm.tirx.const(0.5, "float16") + tvm.tirx.Cast("float16", tvm.tirx.erf(tvm.tirx.Cast(
            "float32", (mm[b, i, j] + bias[j]) * tvm.tirx.const(0.7071, "float16")))) * tvm.tirx.const(0.5, "float16")),
        name="T_gelu")
    return te.create_prim_func([x, w, bias, out])


def _enclosing(lines: list[str], i: int) -> str:
    """The line that opens the block line ``i`` of a CUDA source is in: the nearest one before it
    indented less."""
    def indent(line: str) -> int:
        return len(line) - len(line.lstrip())

    return next(lines[j].strip() for j in range(i - 1, -1, -1)
                if lines[j].strip() and indent(lines[j]) < indent(lines[i]))


@pytest.mark.parametrize("rows", [256, "n"])
def test_wgmma_epilogue_with_an_activation_moves_16_byte_vectors(rows):
    """An epilogue with ``erf`` (no vector form): each thread loads the output tile's and the
    bias's 8 elements by one 16-byte vector each, computes them one by one and stores one
    16-byte vector (vectorizing the store's loop as it is would scalarize it: 2-byte loads and
    stores). Under a dynamic M the epilogue
    comes in two versions: in tiles that end before the rows do, no predicate; in the last,
    each thread's vectors loaded, computed and stored in one branch of the row's bound (TVM's
    cache blocks carry no predicate: the store's is given to them, then tested once)."""
    n = tvm.tirx.Var("n", "int32")
    func = _linear_gelu(n if rows == "n" else rows)
    with TARGET:
        scheduled = tdl.WgmmaMatmul().apply(func, TARGET, False).mod
    source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled, TARGET, tir_pipeline="tma"))
    body = source[source.index("bar_sync_count_sync((uint)1"):]  # the epilogue, after the consumers' barrier
    lines = body.splitlines()
    stores = [i for i, line in enumerate(lines) if "T_gelu_ptr[" in line or "*(uint4*)(T_gelu_ptr" in line]
    assert stores and all(lines[i].strip().startswith("*(uint4*)(T_gelu_ptr") for i in stores), stores
    kernels = 2 if rows == "n" else 1  # (a dynamic M: two schedules, one chosen at run time)
    versions = 2 if rows == "n" else 1  # (full tiles and the last)
    assert "*(uint4*)(bias_ptr" in body and body.count("erff(") == 8 * kernels * versions, body[:3000]
    loops = [i for i, line in enumerate(lines) if line.strip().startswith("for (") and "fused_0" in line]
    assert len(loops) == kernels * versions and all(lines[i - 1].strip() != "#pragma unroll" for i in loops), \
        [lines[i - 1] for i in loops]  # (no tile-sized operand: the loop left to nvcc)
    predicated = [i for i in stores if _enclosing(lines, i).startswith("if (")
                  and _enclosing(lines, i).endswith("< n) {")]
    if rows == "n":  # each vector of the last tile stored only by rows below n; the others unpredicated
        assert len(predicated) == len(stores) // 2 == kernels, [_enclosing(lines, i) for i in stores]
        bias = [i for i, line in enumerate(lines) if "*(uint4*)(bias_local_ptr" in line]
        assert sum(_enclosing(lines, i) == _enclosing(lines, predicated[0]) for i in bias) == 1, body[:3000]
        assert body.count("* 128) + 127) < n)") == kernels, body[:3000]
    else:
        assert not predicated
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


def test_dynamic_rows_are_stored_by_a_clipped_tensor_copy(fused, built):
    """A GEMM over a dynamic number of rows stores its output tiles by tensor copies, which
    the tensor map clips at the rows' end (the epilogue's predicate, simplified to that bound;
    before, the threads stored every tile)."""
    taken_by, report, source = built
    function = _function_reading(fused, "linear.weight")
    assert taken_by[function] == _name(tdl.WgmmaMatmul)
    assert "cp_async_bulk_tensor_s2g" in _kernel_body(source, function)
    stores = [str(e) for e in report if e.function == function and str(e).partition(" -> ")[2].startswith("NT_matmul:")]
    assert stores == [f"{function}: NT_matmul_reindex_pad_local_shared.dyn -> NT_matmul: 32768 bytes as 2 x "
                      "cp.async.bulk.tensor.3d (128B swizzle)"], stores


def test_dynamic_rows_choose_the_tile_at_run_time():
    """Under a dynamic M whose 128 x 256 tiles could leave SMs idle (N = 2048), the function
    launches one of two schedules, chosen at run time by the rows: 128 x 128 tiles where their
    waves end sooner (at 777 rows one wave of 112 CTAs against one of 56; at 2048 two waves
    against one: 128 x 256). Both kernels are emitted and nvcc accepts them."""
    from tvm_tma.dlight.wgmma_matmul import _fewer_waves
    from tvm_tma.transforms._ir import free_vars

    scheduled = tvm_tma.kernels.linear(777, 2048, 512, any_rows=True)  # (x[m, 512] @ W^T, m symbolic)
    ifs = []
    tvm_ffi.structural_walk(scheduled["main"].body, (tvm.tirx.IfThenElse, ifs.append))
    binds = []
    tvm_ffi.structural_walk(scheduled["main"].body, (tvm.tirx.Bind, binds.append))
    assert str(ifs[0].condition) == "T.tvm_thread_invariant(narrower)", ifs[0].condition
    (which,) = [b for b in binds if b.var.name == "narrower"]  # (bound once: passes read a variable)
    assert {v.name for v in free_vars(which.value)} == {"m"}  # (decided by the rows alone)
    source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled, TARGET, tir_pipeline="tma"))
    assert source.count("wgmma_f16_ss_mma_async_sync_aligned_m64n128k16") >= 1
    assert source.count("wgmma_f16_ss_mma_async_sync_aligned_m64n256k16") >= 1
    assert "main_kernel(" in source and "main_kernel_1(" in source
    decide = {rows: bool(tvm.sym.Analyzer().simplify(_fewer_waves(tvm.tirx.const(rows, "int32"), 2048,
                                                                 (128, 128, 64), (128, 256, 64))))
              for rows in (200, 777, 2048, 4096)}
    assert decide == {200: True, 777: True, 2048: False, 4096: False}
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


def test_dynamic_rows_choose_between_192_and_256_columns_where_192_pays():
    """Where 128 x 192 tiles are predicted closer to the fastest tiling at 512-4096 rows than
    128 x 128 ones (GPT-2's qkv, N = 6144; Llama's, 12288), they are the narrower schedule: at
    512, 777 and 1024 rows they fill one or two waves that 128 x 256 tiles leave part idle (the
    sweep: 21.5 / 41.4 / 44.5 us against 25.5 / 48.7 / 51.7), at 2048 and 4096 rows the waves
    tie and the wider tiles run. N = 4096 keeps 128 x 128 (one wave at 512 rows)."""
    from tvm_tma.dlight.wgmma_matmul import _fewer_waves, _narrow_width

    assert {n: _narrow_width(n) for n in (12288, 6144, 8192, 4096, 2048, 11008)} == \
        {12288: 192, 6144: 192, 8192: 192, 4096: 128, 2048: 128, 11008: 128}
    scheduled = tvm_tma.kernels.linear(777, 6144, 512, any_rows=True)
    source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled, TARGET, tir_pipeline="tma"))
    assert source.count("wgmma_f16_ss_mma_async_sync_aligned_m64n192k16") >= 1
    assert source.count("wgmma_f16_ss_mma_async_sync_aligned_m64n256k16") >= 1
    assert "m64n128k16" not in source
    decide = {rows: bool(tvm.sym.Analyzer().simplify(_fewer_waves(tvm.tirx.const(rows, "int32"), 6144,
                                                                 (128, 192, 64), (128, 256, 64))))
              for rows in (512, 777, 1024, 2048, 4096)}
    assert decide == {512: True, 777: True, 1024: True, 2048: False, 4096: False}
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


@pytest.mark.parametrize("length", [256, "s"])
def test_rows_over_a_dynamic_batch_go_to_the_mma_sync_rule(length):
    """Rows along a dynamic batch and a length (``x[b, s, k] @ W^T``) are no 128-row box of A's
    tensor map, and the wgmma rule's producer warpgroup issues tensor copies only: it declines,
    and the ``mma.sync`` rule (per-thread copies where a box is not legal) takes the GEMM."""
    te = tvm.te
    b = tvm.tirx.Var("b", "int32")
    s = tvm.tirx.Var("s", "int32") if length == "s" else length
    x, w = te.placeholder((b, s, 512), "float16", name="x"), te.placeholder((2048, 512), "float16", name="w")
    k = te.reduce_axis((0, 512), name="k")
    mm = te.compute((b, s, 2048), lambda i0, i1, j: te.sum(x[i0, i1, k] * w[j, k], axis=k), name="NT_matmul")
    func = te.create_prim_func([x, w, mm])
    with TARGET:
        assert tdl.WgmmaMatmul().apply(func, TARGET, False) is None
        scheduled = tdl.Matmul().apply(func, TARGET, False)
    assert scheduled is not None
    assert "mma.sync.aligned.m16n8k16" in tvm_tma.codegen.kernel_source(tvm.compile(scheduled.mod, TARGET,
                                                                                  tir_pipeline="tma"))


def _linear_residual(rows: int, n: int = 4096, k: int = 1024) -> tvm.tirx.PrimFunc:
    """``x @ W^T + r`` over ``rows`` rows (the o projection with its residual add)."""
    te = tvm.te
    x = te.placeholder((1, rows, k), "float16", name="x")
    w = te.placeholder((n, k), "float16", name="w")
    r = te.placeholder((1, rows, n), "float16", name="r")
    kk = te.reduce_axis((0, k), name="k")
    mm = te.compute((1, rows, n), lambda b, i, j: te.sum(x[b, i, kk] * w[j, kk], axis=kk), name="NT_matmul")
    out = te.compute((1, rows, n), lambda b, i, j: mm[b, i, j] + r[b, i, j], name="T_add")
    return te.create_prim_func([x, w, r, out])


@pytest.mark.parametrize("rows", [1024, "n"])
def test_a_residual_epilogue_loads_a_threads_vectors_together(rows):
    """A residual read per row of the output tile: the loop over a thread's vectors unrolled
    (``#pragma unroll``), so that its 16-byte loads issue before the stores. Under a dynamic M
    the epilogue comes twice: in tiles ending before the rows do, with no predicate; in the
    last, each thread's load and store in one branch of the row's bound."""
    func = _linear_residual(tvm.tirx.Var("n", "int32") if rows == "n" else rows)
    with TARGET:
        scheduled = tdl.WgmmaMatmul().apply(func, TARGET, False).mod
    source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled, TARGET, tir_pipeline="tma"))
    kernels, versions = (2, 2) if rows == "n" else (1, 1)
    raw = source.splitlines()
    lines = [line.strip() for line in raw]
    loops = [i for i, line in enumerate(lines) if line.startswith("for (") and "fused_0" in line]
    assert len(loops) == kernels * versions and all(lines[i - 1] == "#pragma unroll" for i in loops), loops
    loads = [i for i, line in enumerate(lines) if line.startswith("*(uint4*)(r_local_ptr")]
    guarded = [i for i in loads if _enclosing(raw, i).startswith("if (") and _enclosing(raw, i).endswith("< n) {")]
    assert len(loads) == kernels * versions and len(guarded) == (kernels if rows == "n" else 0), \
        [_enclosing(raw, i) for i in loads]
    if rows == "n":  # the unpredicated version: tiles whose last row is below n
        assert source.count("* 128) + 127) < n)) {") == kernels, source
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


def _epilogue(store_scope: str):
    """A thread's epilogue under a row bound: a load and a store predicated by it, between them
    a copy into ``store_scope`` that it does not predicate."""
    from tvm.script import tirx as T

    @T.prim_func(s_tir=True)
    def func(a: T.Buffer((256,), "float16"), b: T.Buffer((256,), "float16"), n: T.int32):
        a_local = T.sblock_alloc_buffer((256,), "float16", scope="local")
        c = T.sblock_alloc_buffer((256,), "float16", scope=store_scope)
        for bx in T.thread_binding(2, thread="blockIdx.x"):
            for tx in T.thread_binding(128, thread="threadIdx.x"):
                with T.sblock("load"):
                    v = T.axis.spatial(256, bx * 128 + tx)
                    T.where(bx * 128 + tx < n)
                    a_local[v] = a[v]
                with T.sblock("copy"):
                    v = T.axis.spatial(256, bx * 128 + tx)
                    c[v] = a_local[v]
                with T.sblock("store"):
                    v = T.axis.spatial(256, bx * 128 + tx)
                    T.where(bx * 128 + tx < n)
                    b[v] = c[v] * T.float16(2)

    return func


def _thread_var(func: tvm.tirx.PrimFunc) -> tvm.tirx.Var:
    loops = []
    tvm_ffi.structural_walk(func.body, (tvm.tirx.For, loops.append))
    return next(f.loop_var for f in loops
                if f.thread_binding is not None and f.thread_binding.thread_tag == "threadIdx.x")


def test_a_row_bound_common_to_an_epilogues_blocks_is_tested_once_around_them():
    """``_bound_once_per_thread``: the bound that predicates every predicated block of a thread's
    epilogue becomes one branch around its body (the block it did not predicate writes a
    register, which the branch skips too)."""
    from tvm.script import tirx as T

    from tvm_tma.dlight.wgmma_matmul import _bound_once_per_thread

    @T.prim_func(s_tir=True)
    def expected(a: T.Buffer((256,), "float16"), b: T.Buffer((256,), "float16"), n: T.int32):
        a_local = T.sblock_alloc_buffer((256,), "float16", scope="local")
        c = T.sblock_alloc_buffer((256,), "float16", scope="local")
        for bx in T.thread_binding(2, thread="blockIdx.x"):
            for tx in T.thread_binding(128, thread="threadIdx.x"):
                if bx * 128 + tx < n:
                    with T.sblock("load"):
                        v = T.axis.spatial(256, bx * 128 + tx)
                        a_local[v] = a[v]
                    with T.sblock("copy"):
                        v = T.axis.spatial(256, bx * 128 + tx)
                        c[v] = a_local[v]
                    with T.sblock("store"):
                        v = T.axis.spatial(256, bx * 128 + tx)
                        b[v] = c[v] * T.float16(2)

    before = _epilogue("local")
    tvm.ir.assert_structural_equal(_bound_once_per_thread(before, _thread_var(before)),
                                   expected.with_attr("global_symbol", "func"))


def test_a_row_bound_stays_on_the_blocks_where_another_block_writes_memory():
    """``_bound_once_per_thread`` leaves the predicates where a block they do not predicate writes
    shared memory: a branch around the body would skip it."""
    from tvm_tma.dlight.wgmma_matmul import _bound_once_per_thread

    before = _epilogue("shared")
    tvm.ir.assert_structural_equal(_bound_once_per_thread(before, _thread_var(before)), before)


def test_an_epilogue_of_function_calls_leaves_its_loop_to_nvcc():
    """``silu(x @ W^T) * u`` with ``u`` another product the size of the output (Hugging Face's
    separate gate and up projections): a tile-sized operand, but an epilogue that calls
    functions (``sigmoid``), which ran slower unrolled: its loop has no ``#pragma unroll``."""
    te = tvm.te
    x = te.placeholder((1, 1024, 1024), "float16", name="x")
    w = te.placeholder((4096, 1024), "float16", name="w")
    u = te.placeholder((1, 1024, 4096), "float16", name="u")
    kk = te.reduce_axis((0, 1024), name="k")
    mm = te.compute((1, 1024, 4096), lambda b, i, j: te.sum(x[b, i, kk] * w[j, kk], axis=kk), name="NT_matmul")
    out = te.compute((1, 1024, 4096), lambda b, i, j: mm[b, i, j] * te.sigmoid(mm[b, i, j]) * u[b, i, j],
                     name="silu_multiply")
    with TARGET:
        scheduled = tdl.WgmmaMatmul().apply(te.create_prim_func([x, w, u, out]), TARGET, False).mod
    source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled, TARGET, tir_pipeline="tma"))
    lines = [line.strip() for line in source.splitlines()]
    loops = [i for i, line in enumerate(lines) if line.startswith("for (") and "fused_0" in line]
    assert "*(uint4*)(u_local_ptr" in source and len(loops) == 1 and lines[loops[0] - 1] != "#pragma unroll", \
        [lines[i - 1] for i in loops]


def test_token_tiles_are_the_fewest_of_at_most_256_in_16_column_steps():
    from tvm_tma.dlight.wgmma_matmul import _token_config

    assert {m: _token_config(m, 4096).tile for m in (300, 552, 776, 1000)} == {
        300: (128, 160, 64), 552: (128, 192, 64), 776: (128, 208, 64), 1000: (128, 256, 64)}
    assert _token_config(776, 12288).group_m == 8 and _token_config(776, 4224).group_m == 1  # 96, 33 row tiles


@pytest.mark.parametrize("rows, swapped", [(776, True), (552, True), (1024, False), (4096, False), ("n", False),
                                           (200, False), (1100, False)])
def test_a_static_short_prefill_takes_the_tokens_on_wgmma_n(rows, swapped):
    """776 tokens in 128-row tiles leave 13% of 896 rows empty and 224 tiles of 128 x 128 make
    2 waves: the weights' 4096 rows go on M (32 tiles) and the tokens on N (4 tiles of 208), one
    wave; the accumulators are stored transposed into the output's tile (``stmatrix .trans``),
    from which the residual epilogue moves 16-byte vectors along the output's rows. Lengths in
    whole 128-row tiles, a dynamic one and lengths outside those measured (200, 1100) keep the
    tokens on M."""
    func = _linear_residual(tvm.tirx.Var("n", "int32") if rows == "n" else rows)
    with TARGET:
        scheduled = tdl.WgmmaMatmul().apply(func, TARGET, False).mod
    with tvm_tma.copy_report() as report:
        source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled, TARGET, tir_pipeline="tma"))
    tiles = {e.src: e.bytes for e in report if e.site}
    if swapped:
        width = {776: 208, 552: 192}[rows]
        assert tiles == {"w": 128 * 64 * 2, "x": width * 64 * 2}, tiles
        assert "stmatrix_sync_aligned_m8n8_x4_trans_shared_b16" in source
        assert f"wgmma_f16_ss_mma_async_sync_aligned_m64n{width}k16" in source
        assert "*(uint4*)(T_add_ptr" in source and "*(uint4*)(r_ptr" in source
    else:  # (the tokens' tile 128 rows, or 64 on one warpgroup where the grid is thin: 200 rows)
        assert tiles["x"] in (128 * 64 * 2, 64 * 64 * 2) and "_trans_" not in source, tiles
    if shutil.which("nvcc") is not None:
        assert tvm_tma.codegen.compile_cuda(source, arch="90a")


def test_the_operands_are_swapped_only_in_a_gemm_update():
    from tvm_tma.dlight.wgmma_matmul import _swapped_operands

    func = _linear_residual(776)
    swapped = _swapped_operands(func, "NT_matmul")
    blocks = []
    tvm_ffi.structural_walk(swapped.body, (tvm.s_tir.SBlock, blocks.append))
    (gemm,) = [b for b in blocks if b.name_hint == "NT_matmul"]
    assert [r.source.name for r in gemm.reads] == ["w", "x"]
    assert [load.source.name for load in (gemm.body.value.b.a, gemm.body.value.b.b)] == ["w", "x"]
    assert _swapped_operands(func, "T_add") is None


@pytest.mark.parametrize("weights_k_major, out_dtype", [(False, "float16"), (True, "float32")])
def test_tokens_stay_on_m_for_mn_major_weights_and_fp32_outputs(weights_k_major, out_dtype):
    """``x @ W`` with ``W[k, n]`` (its tile would be an MN-major A operand) and an fp32 output
    (its transposed store by element, not run on the GPU) keep 128-row tiles at 776 tokens."""
    te = tvm.te
    x = te.placeholder((1, 776, 1024), "float16", name="x")
    w = te.placeholder((4096, 1024) if weights_k_major else (1024, 4096), "float16", name="w")
    k = te.reduce_axis((0, 1024), name="k")

    def weight(j):
        return w[j, k] if weights_k_major else w[k, j]

    mm = te.compute((1, 776, 4096), lambda b, i, j: te.sum(x[b, i, k].astype(out_dtype) * weight(j).astype(out_dtype),
                                                           axis=k), name="matmul")
    with TARGET:
        scheduled = tdl.WgmmaMatmul().apply(te.create_prim_func([x, w, mm]), TARGET, False).mod
    source = tvm_tma.codegen.kernel_source(tvm.compile(scheduled, TARGET, tir_pipeline="tma"))
    assert "m64n208k16" not in source and "_trans_" not in source


def test_the_rules_schedule_skips_only_the_argument_type_checks():
    """The rules' ``Schedule``: s_tir's primitives without their ``@type_checked`` wrapper (the
    wrapper's signature binding cost about 50 ms of the rules' time on the any-length Llama
    layer); the same primitives otherwise, so a schedule made with it is the same module."""
    from tvm import te

    from tvm_tma.dlight._schedule import Schedule

    assert Schedule.split is tvm.s_tir.Schedule.split.__wrapped__
    assert Schedule.compute_at is tvm.s_tir.Schedule.compute_at.__wrapped__
    a = te.placeholder((1000,), name="a")
    func = te.create_prim_func([a, te.compute((1000,), lambda i: a[i] * 2, name="b")])
    made = []
    for cls in (tvm.s_tir.Schedule, Schedule):
        sch = cls(func)
        outer, inner = sch.split(sch.get_loops(sch.get_sblock("b"))[0], [None, 128])
        sch.bind(outer, "blockIdx.x")
        sch.bind(inner, "threadIdx.x")
        made.append(sch.mod)
    tvm.ir.assert_structural_equal(made[0], made[1])
