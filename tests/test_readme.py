"""README.md as written: its quickstart runs and prints what the README shows (the GPU part runs
where there is a GPU), its CUDA compiles with nvcc, and its test command is what CI runs."""

import pathlib
import re
import shutil

import pytest

from tvm_tma.codegen import compile_cuda, kernel_source

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _blocks(section: str, lang: str) -> list[str]:
    """The fenced ``lang`` blocks of the README section headed ``section``."""
    body = README.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(rf"^```{lang}\n(.*?)^```$", body, re.S | re.M)


def test_quickstart_runs_as_written(capsys):
    code, = _blocks("Quickstart", "python")
    namespace: dict = {}
    exec(compile(code, "README.md (Quickstart)", "exec"), namespace)
    printed = capsys.readouterr().out
    shown, = _blocks("Quickstart", "text")
    assert printed.startswith(shown), f"the README shows\n{shown}\nthe quickstart printed\n{printed}"
    source = kernel_source(namespace["ex"])
    assert "cp.async.bulk.tensor.2d" in source and "mbarrier" in source
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc is not on PATH: the quickstart's CUDA was generated but not compiled")
    assert compile_cuda(source)


def test_models_quickstart_runs_as_written(capsys):
    """The Relax quickstart compiles (on the CPU) and reports what the README shows."""
    code, = _blocks("Models: Relax", "python")
    namespace: dict = {}
    exec(compile(code, "README.md (Models: Relax)", "exec"), namespace)
    shown, = _blocks("Models: Relax", "text")
    assert capsys.readouterr().out == shown
    assert "attention_d128_h8x8_float16_bshd_top_left_packed_kernel" in kernel_source(namespace["ex"])


def test_readme_commands_are_the_scripts_ci_runs():
    commands = re.search(r"```bash\n(.*?)```", README, re.S)[1]  # the first block: the two commands
    assert [line.split("#")[0].strip() for line in commands.splitlines()] == \
        ["bash scripts/demo.sh", "bash scripts/test.sh"]
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    assert ci[-1] == "exec bash scripts/test.sh"
