"""Compile the cases of ``cases.py`` for one pipeline and export them for the GPU runner.

    python benchmarks/build.py --pipeline default|tma --out build/gpu [--only REGEX]

Writes ``<out>/<case>.so`` (``export_library``), ``<out>/<case>.cu`` (the generated CUDA, for
reading) and ``<out>/manifest.json`` (what ``run_gpu.py`` needs to run and check each case).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import cases


def build_cases(pipeline: str, out: pathlib.Path, only: str | None = None) -> dict[str, Any]:
    """Compile the selected cases under ``pipeline`` into ``out``; return the manifest."""
    import tvm

    from tvm_tma.codegen import SM90A, kernel_source

    selected = cases.select(only, pipeline)
    if not selected:
        raise ValueError(f"no case matches {only!r}")
    out.mkdir(parents=True, exist_ok=True)
    entries = []
    for case in selected:
        start = time.perf_counter()
        executable = cases.compile_module(case.build(), pipeline)
        executable.export_library(str(out / f"{case.name}.so"))
        (out / f"{case.name}.cu").write_text(kernel_source(executable))
        entries.append(case.manifest_entry())
        print(f"built {case.name} ({pipeline}) in {time.perf_counter() - start:.1f} s", flush=True)
    manifest = {"pipeline": pipeline, "target": SM90A, "tvm_version": tvm.__version__, "cases": entries}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pipeline", choices=sorted(cases.PIPELINES), required=True)
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("build/gpu"))
    parser.add_argument("--only", help="regex on case names (re.search)")
    opts = parser.parse_args(argv)
    build_cases(opts.pipeline, opts.out, opts.only)


if __name__ == "__main__":
    main()
