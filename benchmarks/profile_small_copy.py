"""Kernel durations of small copies under Nsight Compute: torch ``copy_`` (cudaMemcpy D2D)
and the TMA copy libraries of a ``build_memcpy.py`` directory, each size launched a few times.

    ncu --clock-control none --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size \
        --csv --log-file $OUT/ncu.csv python3 .gpu/boot.py benchmarks/profile_small_copy.py build/gpu/memcpy

ncu serializes and replays each kernel, so only its per-kernel ``gpu__time_duration`` is
meaningful here, not the time between launches. A copy that the driver does not run as a
kernel (a copy-engine transfer) does not appear in the CSV.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # tvm_tma (runtime side)

import torch

from tvm_tma import memcpy

MiB = 1 << 20


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build_dir", type=pathlib.Path)
    parser.add_argument("--only", help="comma-separated library names (default: all)")
    parser.add_argument("--repeat", type=int, default=3)
    opts = parser.parse_args(argv)
    manifest = json.loads((opts.build_dir / "manifest.json").read_text())
    copies = {lib["name"]: memcpy.TMACopy(str(opts.build_dir / lib["file"])) for lib in manifest["libraries"]
              if not opts.only or lib["name"] in opts.only.split(",")}
    for size in (MiB, 2 * MiB, 4 * MiB, 8 * MiB):
        src = torch.randint(0, 256, (size,), dtype=torch.uint8, device="cuda")
        dst = torch.empty_like(src)
        for _ in range(opts.repeat):
            dst.copy_(src)
        for name, copy in copies.items():
            dst.fill_(0)
            for _ in range(opts.repeat):
                copy(dst, src)
            torch.cuda.synchronize()
            assert torch.equal(dst, src), f"{name}: {size} bytes copied wrong"
        print(f"{size} bytes: profiled {opts.repeat} x (copy_ + {len(copies)} libraries)", flush=True)


if __name__ == "__main__":
    main()
