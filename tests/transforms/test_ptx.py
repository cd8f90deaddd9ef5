"""tvm_tma/transforms/ptx.py: an instruction built from an earlier call's form is the Call that
TVM's ``T.ptx`` table builds for the same operands."""

import pytest
import tvm
from tvm import tirx
from tvm.script import tirx as T

from tvm_tma.transforms import ptx

SHARED = tirx.decl_buffer((4,), "uint64", name="bar", scope="shared")
TILE = tirx.decl_buffer((64, 64), "float16", name="A_shared", scope="shared.dyn")
GLOBAL = tirx.decl_buffer((1024,), "float16", name="A")
VI = tirx.Var("i", "int32")
VJ = tirx.Var("j", "int32")
TMAP = tirx.Var("A_tmap", T.handle("tensormap").ty)


def bar(k):
    return T.address_of(tirx.BufferLoad(SHARED, [k]))


# Each case: an instruction and two operand lists of one form (the second built from the first's).
CASES = [
    ("mbarrier.init.shared.b64", [bar(0), T.uint32(128)], [bar(VI % 4), T.uint32(128)]),
    ("mbarrier.arrive.expect_tx.shared.b64", [bar(VI), T.uint32(8192)], [bar(VJ * 2), T.uint32(8192)]),
    ("mbarrier.arrive.expect_tx.shared.b64", [bar(VI), T.Cast("uint32", VI * 64)], [bar(VJ), T.Cast("uint32", VJ + 1)]),
    ("mbarrier.arrive.shared.b64", [bar(VI)], [bar(VI + 1)]),
    ("cp.async.mbarrier.arrive.noinc.shared.b64", [bar(0)], [bar(VJ)]),
    ("fence.proxy.async.shared::cta", [], []),
    ("cp.async.bulk.commit_group", [], []),
    ("cp.async.bulk.wait_group.read", [0], [0]),
    ("cp.async.bulk.wait_group", [1], [1]),
    ("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes",
     [T.address_of(tirx.BufferLoad(TILE, [0, 0])), T.address_of(tirx.BufferLoad(GLOBAL, [VI])), T.uint32(128), bar(0)],
     [T.address_of(tirx.BufferLoad(TILE, [VJ, 8])), T.address_of(tirx.BufferLoad(GLOBAL, [VI * 64 + VJ])),
      T.uint32(128), bar(VJ % 4)]),
    ("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes",
     [T.address_of(tirx.BufferLoad(TILE, [0, 0])), T.address_of(TMAP), VI, VJ, bar(0)],
     [T.address_of(tirx.BufferLoad(TILE, [32, 0])), T.address_of(TMAP), VJ * 64, VI - 1, bar(VI % 4)]),
    ("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group",
     [T.address_of(TMAP), VI, VJ, T.address_of(tirx.BufferLoad(TILE, [0, 0]))],
     [T.address_of(TMAP), VJ, VI * 2, T.address_of(tirx.BufferLoad(TILE, [VI, 0]))]),
    ("prefetch.tensormap", [T.address_of(TMAP)], [T.address_of(TMAP)]),
    ("wgmma.fence.sync.aligned", [], []),
    ("wgmma.wait_group.sync.aligned", [1], [1]),
]


@pytest.mark.parametrize("name, first, second", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_built_from_a_form_is_what_the_table_builds(name, first, second):
    instruction = ptx.op(name)
    for operands in (first, second, first):
        got = instruction(*operands)
        tvm.ir.assert_structural_equal(got, T.ptx[name](*operands), map_free_vars=False)
        assert str(got) == str(T.ptx[name](*operands))


def test_other_constants_are_another_form():
    instruction = ptx.op("mbarrier.init.shared.b64")
    a, b = instruction(bar(0), T.uint32(1)), instruction(bar(0), T.uint32(128))
    assert int(a.args[1]) == 1 and int(b.args[1]) == 128
