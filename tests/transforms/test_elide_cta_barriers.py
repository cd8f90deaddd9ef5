"""ElideCTABarriers (tvm_tma/transforms/pipelines/elide_cta_barriers.py): a CTA barrier after another with
only copy issues between goes; any access, wait or other call between keeps it."""

import pytest
import tvm
import tvm_ffi
from tvm import tirx
from tvm.script import tirx as T

from tvm_tma.transforms import ElideCTABarriers, ptx
from tvm_tma.transforms.pipelines.elide_cta_barriers import elide

TID = tirx.Var("tid", "int32")
BAR = tirx.decl_buffer((2,), "uint64", name="bar", scope="shared")
TILE = tirx.decl_buffer((256,), "float32", name="A_shared", scope="shared")
SRC = tirx.decl_buffer((1024,), "float32", name="A")
K = tirx.Var("k", "int32")


def sync():
    return tirx.Evaluate(T.tvm_storage_sync("shared"))


def bar(i):
    return T.address_of(tirx.BufferLoad(BAR, [i]))


def issue(i):
    """What a pipeline's stage issue is: thread 0 arms the barrier and copies a tile."""
    copy = ptx.op("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes")(
        T.address_of(tirx.BufferLoad(TILE, [i * 128])), T.address_of(tirx.BufferLoad(SRC, [K * 256 + i * 128])),
        T.uint32(512), bar(i))
    arm = ptx.op("mbarrier.arrive.expect_tx.shared.b64")(bar(i), T.uint32(512))
    return tirx.IfThenElse(TID == 0, tirx.SeqStmt([tirx.Evaluate(arm), tirx.Evaluate(copy)]), None)


def init():
    return tirx.IfThenElse(TID == 0, tirx.SeqStmt([
        tirx.Evaluate(ptx.op("mbarrier.init.shared.b64")(bar(0), T.uint32(1))),
        tirx.Evaluate(ptx.op("fence.proxy.async.shared::cta")())]), None)


def count_syncs(stmt) -> int:
    found = []
    tvm_ffi.structural_walk(stmt, (tirx.Evaluate, lambda s: found.append(s) if isinstance(s.value, tvm.ir.Call)
                                   and s.value.op.name == "tirx.tvm_storage_sync" else None))
    return len(found)


def test_pipeline_start_keeps_the_barrier_after_init_only():
    before = tirx.SeqStmt([init(), sync(), sync(), issue(0), sync(), tirx.Bind(K, TID * 2), issue(1)])
    after = elide(before)
    tvm.ir.assert_structural_equal(after, tirx.SeqStmt([init(), sync(), issue(0), tirx.Bind(K, TID * 2), issue(1)]))


WAIT = tirx.Evaluate(T.cuda.mbarrier_wait(bar(0), 0))
STORE = tirx.BufferStore(TILE, tirx.FloatImm("float32", 0.0), [TID])
READ = tirx.Bind(tirx.Var("x", "float32"), tirx.BufferLoad(TILE, [TID]))
OTHER_CALL = tirx.Evaluate(tirx.call_extern("int32", "f", TID))


@pytest.mark.parametrize("between", [WAIT, STORE, READ, OTHER_CALL,
                                     tirx.IfThenElse(TID == 0, STORE, None),
                                     tirx.For(tirx.Var("i", "int32"), 0, 2, tirx.ForKind.SERIAL, STORE)],
                         ids=["wait", "store", "read", "extern_call", "store_in_branch", "store_in_loop"])
def test_an_access_wait_or_call_between_keeps_the_barrier(between):
    seq = tirx.SeqStmt([sync(), issue(0), between, sync(), issue(1)])
    assert elide(seq).same_as(seq)


def test_first_barrier_of_a_sequence_is_kept():
    """What ran before a loop body's first statement is not looked at: its barrier stays."""
    body = tirx.SeqStmt([sync(), issue(0), sync(), issue(1)])
    loop = tirx.For(K, 0, 4, tirx.ForKind.SERIAL, body)
    func = tirx.PrimFunc([TID], tirx.SeqStmt([init(), sync(), loop]))
    lowered = ElideCTABarriers()(tvm.IRModule({"main": func}))["main"]
    assert count_syncs(lowered.body) == 2  # after init, and the loop body's first
