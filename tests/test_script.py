"""tvm_tma.script: TVMScript's T.macro and T.prim_func, each definition's source read once."""

from __future__ import annotations

import pytest
import tvm
import tvm_ffi
from tvm.script import tirx as T

from tvm_tma import script
from tvm_tma.relax.fuse_gated_mlp import gated_matmul
from tvm_tma.script import macro


def _twice_with(decorator):
    @decorator
    def twice(A, i):
        A[i] = A[i] * T.float32(2)

    @T.prim_func(s_tir=True)
    def main(A: T.Buffer((8,), "float32")):
        for i in range(8):
            twice(A, i)

    return main


def test_expands_as_tvms_macro():
    assert tvm_ffi.structural_equal(_twice_with(macro), _twice_with(T.macro))


def test_outside_a_script_raises():
    @macro
    def noop(A):
        T.evaluate(0)

    with pytest.raises(RuntimeError, match="__current_script_parser__ not available"):
        noop(tvm.tirx.decl_buffer((1,), "float32"))


def _scaled(n: int, factor: float):
    # (string annotations, from __future__: n resolves from this frame, as T.prim_func resolves it)
    @script.prim_func(s_tir=True)
    def main(A: T.Buffer((n,), "float32"), B: T.Buffer((n,), "float32")):
        for i in range(n):
            B[i] = A[i] * T.float32(factor)

    return main


@T.prim_func(s_tir=True)
def _doubled(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(8):
        B[i] = A[i] * T.float32(2.0)


def test_prim_func_parses_as_tvms():
    ours, tvms = (f.without_attr("global_symbol") for f in (_scaled(8, 2.0), _doubled))
    assert tvm_ffi.structural_equal(ours, tvms)
    assert not tvm_ffi.structural_equal(_scaled(8, 3.0).without_attr("global_symbol"), tvms)


def test_prim_func_takes_s_tir_from_the_decorators_call():
    assert gated_matmul(64, 64, 64, "float16", 128).attrs["s_tir"]


def test_prim_func_reads_a_definitions_source_once():
    _scaled(8, 2.0)
    sources = dict(script._SOURCES)
    tree = next(s.tree for s in sources.values() if "B[i] = A[i] * T.float32(factor)" in s.source)
    _scaled(16, 3.0)
    assert script._SOURCES == sources
    assert next(s.tree for s in script._SOURCES.values() if "B[i] = A[i] * T.float32(factor)" in s.source) is tree


def test_prim_func_reports_an_error_in_the_source():
    with pytest.raises(tvm.error.DiagnosticError):
        @script.prim_func(s_tir=True)
        def main(A: T.Buffer((4,), "float32")):
            A[0] = undefined_name  # noqa: F821
