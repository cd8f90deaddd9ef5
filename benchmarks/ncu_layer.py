"""One call of a ``build_llama.py`` build and of cuBLAS's linears of the same shapes, for Nsight
Compute: the calls run inside a profiler range after warm-up, so that ``ncu --profile-from-start
off`` reads the counters of exactly one launch of each kernel.

    ncu --profile-from-start off --clock-control none --section SpeedOfLight \\
        --section WarpStateStats --section MemoryWorkloadAnalysis --section Occupancy \\
        --csv --page details python3 .gpu/boot.py benchmarks/ncu_layer.py BUILD_DIR > DIR/ncu.csv

Needs only TVM's runtime (as ``run_llama.py``): the build's first entry (or ``--build NAME``) on
``run_llama.make_inputs``'s inputs, then ``torch.nn.functional.linear`` (fp16) for each of the
layer's weight matrices on ``batch x seq`` rows.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

import torch
import tvm_ffi

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from run_llama import load_forward, make_inputs  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--build", help="the manifest entry to run (default: the first)")
    parser.add_argument("--seed", type=int, default=2026)
    opts = parser.parse_args(argv)
    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    entry = next(e for e in manifest["builds"] if opts.build in (None, e["name"]))
    with tvm_ffi.use_torch_stream():
        inputs = make_inputs(manifest, opts.seed)
        forward = load_forward(opts.build_dir, entry, inputs)
        tokens = manifest["shape"]["batch"] * manifest["shape"]["seq"]
        linears = [(w, torch.randn(tokens, w.shape[1], device="cuda", dtype=torch.float16))
                   for name, w in inputs.items() if name.endswith(".weight") and w.dim() == 2]
        for _ in range(3):  # warm-up: nvcc at load, cuBLAS's heuristics
            forward()
            for w, x in linears:
                torch.nn.functional.linear(x, w)
        torch.cuda.synchronize()
        torch.cuda.profiler.start()
        forward()
        for w, x in linears:
            torch.nn.functional.linear(x, w)
        torch.cuda.synchronize()
        torch.cuda.profiler.stop()
    print(f"profiled {entry['name']} and {len(linears)} cuBLAS linears at {tokens} rows", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
