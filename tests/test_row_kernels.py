"""The row kernels (``rms_norm``, ``layer_norm``, ``softmax``, ``binary``): the definitions
evaluated on the CPU against float64 numpy, the schedule's choices, and the generated CUDA's
copies. (nvcc compiles: ``test_kernels_compile.py``; golden CUDA: ``test_golden.py``; on the
GPU: the ``check_*`` cases of ``benchmarks/cases.py``.)"""

from __future__ import annotations

import re

import numpy as np
import pytest
import tvm

from tvm_tma.kernels import binary, layer_norm, rms_norm, softmax
from tvm_tma.kernels._common import row_threads
from workloads import cuda_source


def _reference(name: str, x, w, b):
    if name == "rms_norm":
        return x / np.sqrt((x**2).mean(-1, keepdims=True) + 1e-6) * w
    if name == "layer_norm":
        return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5) * w + b
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


@pytest.mark.parametrize("cols", [8, 1000])
@pytest.mark.parametrize("builder", [rms_norm, layer_norm, softmax])
def test_row_kernel_definition_matches_numpy(builder, cols):
    rng = np.random.default_rng(7)
    x, w, b = (rng.standard_normal(shape).astype("float16") for shape in ((5, cols), (cols,), (cols,)))
    inputs = {"rms_norm": [x, w], "layer_norm": [x, w, b], "softmax": [x]}[builder.__name__]
    func = tvm.compile(builder(5, cols, scheduled=False), target="llvm")
    out = tvm.runtime.tensor(np.full((5, cols), np.nan, "float16"))
    func(*(tvm.runtime.tensor(a) for a in inputs), out)
    ref = _reference(builder.__name__, *(a.astype(np.float64) for a in (x, w, b)))
    assert np.linalg.norm(out.numpy() - ref) / np.linalg.norm(ref) < 4 * 2**-11


def test_row_threads_divide_the_row():
    assert [row_threads(n, 128) for n in (1, 2, 125, 512, 1031)] == [1, 2, 125, 128, 1]


# threads: the largest divisor of the row's vectors up to 128 and, keeping 32 or more, up to a
# quarter of them (4 stages: a short row is still 4 chunks, e.g. 1024 columns on 32 threads)
@pytest.mark.parametrize("cols, threads, copy_bytes",
                         [(8, 2, 16), (1000, 25, 400), (1024, 32, 512), (4096, 128, 2048), (8192, 128, 2048)])
def test_row_kernel_stages_the_row_by_bulk_copies(cols, threads, copy_bytes):
    src = cuda_source(softmax(3, cols))
    assert f"__launch_bounds__({threads})" in src
    assert src.count("cp_async_bulk_g2s") >= 1 and f"(uint){copy_bytes}, " in src
    assert "cp_async_cg" not in src  # no cp.async fallback: every chunk is whole


@pytest.mark.parametrize("cols", [7, 12])
def test_row_kernels_reject_rows_that_are_not_16_byte_multiples(cols):
    with pytest.raises(ValueError, match="multiple of 8"):
        rms_norm(4, cols)
    with pytest.raises(ValueError, match="multiple of 8"):
        binary("add", (4, cols), (cols,))


def test_binary_stages_full_inputs_and_reads_broadcasts_from_global():
    src = cuda_source(binary("add", (64, 1024), (1024,), "bfloat16"))
    assert "cp_async_bulk_g2s" in src and "B_shared" not in src and "A_shared" in src
    assert "(uint)8192, " in src  # a tile of 4 whole rows, one bulk copy


def test_binary_rejects_inputs_without_the_output_shape():
    with pytest.raises(ValueError, match="one input must have"):
        binary("add", (1, 64), (8, 1))


@pytest.mark.parametrize("builder", [rms_norm, layer_norm, softmax])
def test_row_statistics_are_finished_outside_the_allreduce_result(builder):
    # A finished statistic computed in place in the allreduce's shared result word would be
    # written by every thread: each row statistic is copied out by one thread first.
    src = cuda_source(builder(3, 4096))
    assert not re.search(r"red_result_ptr\w*\)\[0\] = [^;]*(rsqrtf|/)", src)
    assert re.search(r"row\d_local_ptr\[0\] = ", src)
