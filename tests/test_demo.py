"""The demo (``python -m tvm_tma.demo``, ``bash scripts/demo.sh``): the warp-specialized wgmma GEMM,
its stored figures with their device and date, nvcc's verdict, whole kernel lines with helpers
named by their PTX."""

import re
import shutil

from tvm_tma import demo
from tvm_tma.kernels.gemm import gemm_mma
from workloads import cuda_source


def test_demo_shows_the_warp_specialized_gemm_its_figures_and_its_lines(capsys):
    demo.main([])
    out = capsys.readouterr().out
    assert "== kernels.gemm_wgmma(m=4096, n=4096, k=4096, dtype='float16', out_dtype='float16', producer='warp'" in out
    assert re.search(r"\d+\.\d TFLOP/s, \d\.\d{3} x faster than cuBLAS \(cuBLAS: \d+\.\d TFLOP/s\) on NVIDIA H100"
                     r"[^,]*, stored result of \d{4}-\d\d-\d\d", out)
    assert "A -> A_shared.dyn: 16384 bytes as 1 x cp.async.bulk.tensor.2d (128B swizzle)" in out
    assert "C_tile_shared.dyn -> C_out: 65536 bytes as 4 x cp.async.bulk.tensor.2d (128B swizzle)" in out
    if shutil.which("nvcc"):
        assert "== nvcc -gencode arch=compute_90a,code=sm_90a: compiled (" in out
    else:
        assert "== nvcc is not on PATH: not compiled here" in out
    lines = out.splitlines()
    producer = lines.index(next(line for line in lines if "int)threadIdx.y) == 2))" in line))
    consumer = lines.index("  } else {")
    between = "\n".join(lines[producer:consumer])
    assert "setmaxnreg.dec" in between and between.count("cp.async.bulk.tensor.2d.shared::cluster") == 5
    rest = "\n".join(lines[consumer:])
    assert "setmaxnreg.inc" in rest and "wgmma.fence" in rest and "stmatrix.sync.aligned.m8n8.x4" in rest
    assert all(len(line) <= demo.WIDTH for line in lines[consumer:] if not line.startswith("   "))
    assert "tvm_builtin_" not in out
    assert "python benchmarks/headline.py" in out


def test_helpers_are_named_by_their_ptx_instruction():
    src = cuda_source(gemm_mma(256, i_factors=(1, 2, 1, 4, 2), j_factors=(2, 1, 4, 1, 2), k_factors=(4, 4, 1),
                               layout="swizzled"))
    names = demo.ptx_names(src)
    assert names["tvm_builtin_cuda_mbarrier_wait"].startswith("mbarrier.try_wait.parity")
    assert names["tvm_builtin_ptx_mbarrier_init_init_shared_b64"] == "mbarrier.init.shared.b64"
    assert "tvm_builtin_cuda_cvta_generic_to_shared" not in names  # no inline PTX: keeps its name
    line = "  tvm_builtin_ptx_mbarrier_init_init_shared_b64(tvm_builtin_cuda_cvta_generic_to_shared(p), 1);"
    assert demo.readable(line, names) == "  mbarrier.init.shared.b64(cvta_generic_to_shared(p), 1);"


def test_kernels_and_demo_need_no_test_packages():
    """``kernels.gemm_mma`` (upstream's schedule, which lives in ``tvm.testing``) and the demo's
    compile run where pytest cannot be imported, as after a plain ``pip install .``."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['pytest'] = None\n"
            "import tvm, tvm_tma\n"
            "from tvm_tma.kernels import gemm_mma\n"
            "tvm.compile(gemm_mma(256, i_factors=(1, 2, 1, 4, 2), j_factors=(2, 1, 4, 1, 2), k_factors=(4, 4, 1)),\n"
            "            target=tvm.target.Target({'kind': 'cuda', 'arch': 'sm_90a'}), tir_pipeline='tma')\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
