"""GPU suite: build the small correctness cases, run them with ``benchmarks/run_gpu.py``.

Needs an NVIDIA Hopper GPU, torch with CUDA, and TVM's compiler in the same environment; it
is skipped (with the reason) where any of these is missing.
"""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))


def _gpu_missing() -> str | None:
    if shutil.which("nvidia-smi") is None:
        return "no NVIDIA GPU (nvidia-smi not found)"
    try:
        import torch
    except ImportError:
        return "torch is not installed"
    if not torch.cuda.is_available():
        return "torch sees no CUDA device"
    return None


pytestmark = [pytest.mark.gpu, pytest.mark.skipif(_gpu_missing() is not None, reason=str(_gpu_missing()))]


# (the check cases are small launches: "tma" runs most of them as stock's code (the
# launch-cost model), and "tma_all_launches" through the mbarrier lowering)
@pytest.mark.parametrize("pipeline", ["default", "tma", "tma_all_launches"])
def test_check_cases_are_correct_on_gpu(pipeline, tmp_path):
    import build

    build.build_cases(pipeline, tmp_path / "build", only="^check_")
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run_gpu.py"), str(tmp_path / "build"),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=600)
    log = f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    assert proc.returncode == 0, log
    results = json.loads((tmp_path / "out" / "results.json").read_text())["results"]
    assert results and all(r["correct"] for r in results), log


def test_attention_is_correct_on_gpu(tmp_path):
    """The attention check kernels (symbolic lengths; every head_dim, GQA ratio, causal mode,
    mask and layout of ``build_attention.check_cases``) on their fixed and random shapes."""
    import build_attention

    build_attention.build(tmp_path / "build", "check", None, randoms=4, seed=2026)
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run_attention.py"), str(tmp_path / "build"),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=1200)
    log = f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    assert proc.returncode == 0, log
    summary = json.loads((tmp_path / "out" / "results.json").read_text())
    assert summary["shapes_checked"] > 200 and summary["shapes_correct"] == summary["shapes_checked"], log
