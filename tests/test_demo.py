"""The demo (``python -m tvm_tma.demo``, ``bash scripts/demo.sh``): upstream's GEMM schedule as written, its
measured figures from the results, whole kernel lines with helpers named by their PTX."""

import re

from tvm_tma import demo
from tvm_tma.kernels.gemm import gemm_mma
from workloads import cuda_source


def test_demo_shows_upstreams_schedule_its_figures_and_whole_lines(capsys):
    demo.main([])
    out = capsys.readouterr().out
    assert "importing tvm.s_tir.tensor_intrin.cuda" in out
    assert f"== kernels.{demo.CALL}" in out
    assert re.search(r"\d+\.\d TFLOP/s, \d\.\d{3} tma / stock, higher is faster \(stock TVM, gemm_mma\(", out)
    assert re.search(r"\d\.\d{3} x of cuBLAS TFLOP/s", out)
    assert "A_shared.dyn: 8192 bytes as 1 x cp.async.bulk.tensor.2d (64B swizzle) (A_shared.dyn: padding replaced" in out
    assert "B_shared.dyn: 8192 bytes as 2 x cp.async.bulk.tensor.2d (128B swizzle) (B_shared.dyn: padding replaced" in out
    copies = [line for line in out.splitlines() if line.lstrip().startswith("cp.async.bulk.tensor.2d")]
    assert len(copies) == 12 and all(line.endswith(");") for line in copies)  # 3 per stage: 4 stages
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
