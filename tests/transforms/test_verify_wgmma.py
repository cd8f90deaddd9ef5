"""VerifyWgmma: passes on what the "tma" pipeline emits for wgmma GEMMs, raises on a version
overwritten while a group may read it, on an unordered retirement, on part of a warpgroup, on
an operand in no canonical layout and on a target other than sm_90a."""

import pytest
import tvm
import tvm_ffi
from tvm import tirx

import tvm_tma
from tvm_tma import TMAError
from tvm_tma.kernels import gemm_wgmma
from tvm_tma.transforms import VerifyWgmma
from tvm_tma.transforms.tensor_cores.wgmma import is_mma
from workloads import verified_ir

SMALL = dict(m=256, n=128, k=512, tile=(128, 128, 64), warpgroups=2, stages=3)


@pytest.mark.parametrize("kwargs", [
    {}, {"wgmma_in_flight": 0}, {"wgmma_in_flight": 2}, {"b_layout": "NK"}, {"stages": 2},
    {"m": 200, "n": 264, "k": 136, "tile": (128, 256, 64)},
    {"m": 136, "n": 72, "k": 80, "tile": (64, 64, 32), "warpgroups": 1},
    {"m": 520, "n": 256, "k": 256, "raster": 4},
])
def test_passes_on_what_the_pipeline_emits(kwargs):
    VerifyWgmma()(verified_ir(gemm_wgmma(**{**SMALL, **kwargs})))


def nodes(mod, kind) -> list:
    found = []
    tvm_ffi.structural_walk(mod["main"], (kind, found.append))
    return found


def replace_evaluates(mod: tvm.IRModule, pick, new) -> tvm.IRModule:
    """``mod`` with each ``Evaluate`` whose call satisfies ``pick`` replaced by ``new(evaluate)``."""

    def on_eval(node, mutator):
        call = node.value
        if isinstance(call, tvm.ir.Call) and isinstance(call.op, tvm.ir.Op) and pick(call):
            return new(node)
        return node

    return tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (tirx.Evaluate, on_eval))})


def test_version_overwritten_while_a_group_may_read_it():
    """Two groups in flight: the producer's own wait (wait_group 1) removed, as the
    ``__syncthreads`` overwrite guard alone would leave it."""
    mod = verified_ir(gemm_wgmma(**SMALL, wgmma_in_flight=2))
    broken = replace_evaluates(mod, lambda c: c.op.name == "tirx.ptx.wgmma_wait_group" and int(c.args[0]) == 1,
                               lambda e: tirx.Evaluate(0))
    with pytest.raises(TMAError, match=r"wgmma_in_flight: main: A_shared.dyn version 0 written while a wgmma "
                                       r"group of warpgroup 0 that reads it may be in flight") as err:
        VerifyWgmma()(broken)
    assert err.value.rule == "wgmma_in_flight"


def test_retirement_not_ordered_before_the_copy():
    """The consumers' wait_group 1 retires the group, but without the __syncthreads thread 0
    may issue the copy before the other warpgroup got there."""
    mod = verified_ir(gemm_wgmma(**SMALL))
    loops = [f for f in nodes(mod, tirx.For) if f.kind == tirx.ForKind.SERIAL
             and any(is_mma(c.op.name) for c in nodes(tvm.IRModule({"main": mod["main"].with_body(f)}), tvm.ir.Call)
                     if isinstance(c.op, tvm.ir.Op))]
    syncs = {id(c): c for f in loops for c in nodes(tvm.IRModule({"main": mod["main"].with_body(f.body)}), tvm.ir.Call)
             if isinstance(c.op, tvm.ir.Op) and c.op.name == "tirx.tvm_storage_sync"}
    assert syncs
    broken = replace_evaluates(mod, lambda c: any(c.same_as(s) for s in syncs.values()), lambda e: tirx.Evaluate(0))
    with pytest.raises(TMAError, match=r"wgmma_in_flight: main: A_shared.dyn version 0 written by other threads "
                                       r"after warpgroup 1's wgmma.wait_group retired the group reading it"):
        VerifyWgmma()(broken)


def test_part_of_a_warpgroup():
    mod = verified_ir(gemm_wgmma(**SMALL))
    (tx,) = {f.loop_var for f in nodes(mod, tirx.For)
             if f.thread_binding is not None and f.thread_binding.thread_tag == "threadIdx.x"}
    first = next(c for c in nodes(mod, tvm.ir.Call) if isinstance(c.op, tvm.ir.Op) and is_mma(c.op.name))
    broken = replace_evaluates(mod, lambda c: c.same_as(first), lambda e: tirx.IfThenElse(tx < 64, e, None))
    with pytest.raises(TMAError, match=r"wgmma_warpgroup: main: wgmma_f16_ss executed by 64 threads of "
                                       r"warpgroup 0: expected all 128 \(threads 0 to 127\) alike"):
        VerifyWgmma()(broken)


def test_operand_in_no_canonical_layout():
    """Without tensor maps the operand tiles are 1-D bulk copies: not swizzled, no descriptor."""
    with pytest.raises(TMAError, match=r"wgmma_operand_layout: main: wgmma operand A_shared.dyn: expected a tile "
                                       r"loaded by a swizzled tensor copy"):
        VerifyWgmma()(verified_ir(gemm_wgmma(**SMALL), tensor_maps=False))


@pytest.mark.parametrize("arch, rule, match", [
    ("sm_90", "wgmma_arch", r"wgmma_arch: main: wgmma.mma_async: expected the target arch sm_90a .*, got sm_90"),
    ("sm_80", "min_arch", r"min_arch: async pipeline in main: expected a target of sm_90 or newer, got sm_80"),
])
def test_target(arch, rule, match):
    with pytest.raises(TMAError, match=match) as err:
        tvm.compile(gemm_wgmma(**SMALL), target=tvm.target.Target({"kind": "cuda", "arch": arch}), tir_pipeline="tma")
    assert err.value.rule == rule


def test_runs_in_the_tma_pipeline():
    names = [p.info.name for p in tvm_tma.pipeline._passes({}, {})]
    assert names.index("tvm_tma.VerifyWgmma") > names.index("tvm_tma.LowerBulkCopyBlocks")
