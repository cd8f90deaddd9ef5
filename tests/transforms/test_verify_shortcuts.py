"""The shortcuts of the verifiers' simulation (tvm_tma.transforms.verifiers.program_order): one
block stands for all when nothing simulated depends on the block, and a serial loop jumps over
the periods of its steady state. They skip most of a long persistent GEMM, count the steps the
full simulation counts, end in its state, and still reject what it rejects: a violation at one
late iteration, in the last block, or in the middle of the steady state."""

import re

import pytest
import tvm
import tvm_ffi
from tvm import tirx

from test_verify_mbarrier_protocol import ring
from tvm_tma import TMAError
from tvm_tma.kernels import attention, gemm_wgmma
from tvm_tma.transforms import VerifyMBarrierProtocol, VerifyWgmma
from tvm_tma.transforms.verifiers import program_order
from tvm_tma.transforms.verifiers.verify_mbarrier_protocol import DEFAULT_SAMPLES
from tvm_tma.transforms.verifiers.verify_wgmma import _Simulator
from workloads import verified_ir

# 32 tiles of 128 x 128 on 2 CTAs, 32 k-steps each, a producer warp and two consumer warpgroups
LONG = dict(m=1024, n=512, k=2048, tile=(128, 128, 64), warpgroups=2, stages=3, producer="warp",
            persistent=True, ctas=2)
WAIT_GROUP = "tirx.ptx.wgmma_wait_group"


@pytest.fixture(scope="module")
def long_gemm() -> tvm.IRModule:
    return verified_ir(gemm_wgmma(**LONG))


def simulate(mod: tvm.IRModule) -> _Simulator:
    sim = _Simulator(mod["main"], DEFAULT_SAMPLES)
    sim.run()
    return sim


def nodes(node, kind) -> list:
    found = []
    tvm_ffi.structural_walk(node, (kind, found.append))
    return found


def calls(node, name: str) -> list:
    return [c for c in nodes(node, tvm.ir.Call) if isinstance(c.op, tvm.ir.Op) and c.op.name == name]


def consumer_loops(mod: tvm.IRModule) -> tuple[tirx.Var, tirx.Var]:
    """The consumers' tile and k-step variables (the loops around their ``wgmma.wait_group 1``)."""
    loops = [f for f in nodes(mod["main"], tirx.For) if f.kind == tirx.ForKind.SERIAL
             and any(int(c.args[0]) == 1 for c in calls(f.body, WAIT_GROUP))]
    (tile,) = [f.loop_var for f in loops if int(f.extent) == 16]
    (step,) = [f.loop_var for f in loops if int(f.extent) == 32]
    return tile, step


def skip_wait(mod: tvm.IRModule, when) -> tvm.IRModule:
    """``mod`` with the consumers' ``wgmma.wait_group 1`` skipped where ``when`` holds."""

    def on_eval(node, _mutator):
        call = node.value
        if isinstance(call, tvm.ir.Call) and isinstance(call.op, tvm.ir.Op) and call.op.name == WAIT_GROUP \
                and int(call.args[0]) == 1:
            return tirx.IfThenElse(tirx.Not(when), node, None)
        return node

    return tvm.IRModule({"main": tvm_ffi.structural_mutate(mod["main"], (tirx.Evaluate, on_eval))})


def rejection(mod: tvm.IRModule) -> str:
    with pytest.raises(TMAError) as err:
        VerifyWgmma()(mod)
    assert err.value.rule == "wgmma_in_flight"
    return str(err.value)


def test_long_persistent_gemm_skips_most_of_its_steps(long_gemm):
    VerifyWgmma()(long_gemm)
    sim = simulate(long_gemm)
    assert sim.skipped > 0.85 * sim.steps
    assert sim.blocks == {"blockIdx.x": 0}  # the first block stands for both


def test_a_trip_count_that_depends_on_the_block_runs_every_corner():
    mod = verified_ir(attention(1, 1, 1, 4096, 4096, 64, causal=True))  # the last query tile sees every key
    sim = simulate(mod)
    grid = {f.thread_binding.thread_tag: int(f.extent) for f in nodes(mod["main"], tirx.For)
            if f.thread_binding is not None and f.thread_binding.thread_tag.startswith("blockIdx.")}
    assert sim.blocks == {tag: extent - 1 for tag, extent in grid.items()} and sim.skipped > 0


def test_skipping_counts_the_steps_and_ends_in_the_state_of_the_full_simulation(long_gemm, monkeypatch):
    sim = simulate(long_gemm)
    monkeypatch.setattr(program_order, "MIN_TRIPS", 10**9)
    whole = simulate(long_gemm)
    assert whole.skipped == 0 and whole.steps == sim.steps
    assert whole.state() == sim.state()


@pytest.mark.parametrize("tile, step", [(14, 31), (9, 17), (15, 3)])
def test_one_missing_wait_in_a_late_tile_is_rejected(long_gemm, tile, step, monkeypatch):
    # Two groups in flight at that one step: the consumers release the stage of the one before
    # to the producer, which refills it (in that tile or the next) while the group may read it.
    t, k = consumer_loops(long_gemm)
    broken = skip_wait(long_gemm, tirx.And(t == tile, k == step))
    message = rejection(broken)
    assert int(re.search(rf"{t.name}=(\d+)", message).group(1)) in (tile, tile + 1)
    monkeypatch.setattr(program_order, "MIN_TRIPS", 10**9)
    assert rejection(broken) == message


def test_one_missing_wait_in_the_last_block_is_rejected(long_gemm, monkeypatch):
    (bx,) = [f.loop_var for f in nodes(long_gemm["main"], tirx.For)
             if f.thread_binding is not None and f.thread_binding.thread_tag == "blockIdx.x"]
    t, k = consumer_loops(long_gemm)
    broken = skip_wait(long_gemm, tirx.And(bx == 1, tirx.And(t == 11, k == 20)))
    message = rejection(broken)
    assert f"blockIdx.x=1, {t.name}=11" in message
    monkeypatch.setattr(program_order, "MIN_TRIPS", 10**9)
    assert rejection(broken) == message


def test_steady_state_of_a_pipeline_without_roles(monkeypatch):
    """The CTA-producer pipeline (no warp roles) with a long k loop skips too, and a wait
    missing at one step of its steady state is rejected alike."""
    mod = verified_ir(gemm_wgmma(m=256, n=128, k=4096, tile=(128, 128, 64), warpgroups=2, stages=3))
    sim = simulate(mod)
    assert sim.skipped > 0.5 * sim.steps
    (k,) = {f.loop_var for f in nodes(mod["main"], tirx.For) if f.kind == tirx.ForKind.SERIAL
            and int(f.extent) > 32 and calls(f.body, WAIT_GROUP)}
    broken = skip_wait(mod, k == 40)
    message = rejection(broken)
    assert f"{k.name}=" in message
    monkeypatch.setattr(program_order, "MIN_TRIPS", 10**9)
    assert rejection(broken) == message


def test_barrier_protocol_of_the_last_block_alone_is_verified():
    VerifyMBarrierProtocol()(ring(2, 2, tiles=16, last_block_period=2))
    with pytest.raises(TMAError, match=r"mbarrier_protocol: main: bar\[1\] phase 0: wait for parity 1: expected 0 "
                                       r".* \(at blockIdx.x=3, k=1\)"):
        VerifyMBarrierProtocol()(ring(2, 2, tiles=16, last_block_period=1))
