"""tvm_tma.macro: TVMScript's T.macro with a cheaper lookup of the parser."""

import pytest
import tvm
import tvm_ffi
from tvm.script import tirx as T

from tvm_tma.macro import macro


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
