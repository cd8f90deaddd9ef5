"""Merge two build directories into one, so that one GPU run times both (a change against the
code before it, in the same process and rounds).

    git worktree add /tmp/before HEAD~1
    python benchmarks/build_attention.py --suite perf --no-variants --out build/gpu/after
    (cd /tmp/before && PYTHONPATH=/tmp/before python benchmarks/build_attention.py --suite perf --no-variants \\
        --out $OLDPWD/build/gpu/before)
    python benchmarks/merge_builds.py build/gpu/after build/gpu/before --suffix _before --out build/gpu/both

Takes ``build_attention.py``'s manifests (``cases``: each kernel ``<name>.so``) and
``build_llama.py``'s (``builds``: each ``library``). Every case or build of the second
directory whose name the first has too is added after it, renamed ``<name><suffix>`` with its
library copied under that name; the rest of the manifest is the first directory's.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil


def merge(first: pathlib.Path, second: pathlib.Path, suffix: str, out: pathlib.Path) -> dict:
    """The merged manifest, written with the libraries to ``out``."""
    manifest = json.loads((first / "manifest.json").read_text())
    other = json.loads((second / "manifest.json").read_text())
    key = "cases" if "cases" in manifest else "builds"
    out.mkdir(parents=True, exist_ok=True)

    def library(entry: dict) -> str:
        return entry.get("library", f"{entry['name']}.so")

    theirs = {entry["name"]: entry for entry in other[key]}
    merged = []
    for entry in manifest[key]:
        shutil.copy(first / library(entry), out / library(entry))
        merged.append(entry)
        if entry["name"] in theirs:
            renamed = {**theirs[entry["name"]], "name": entry["name"] + suffix}
            if "library" in renamed:
                renamed["library"] = f"{renamed['name']}.so"
            shutil.copy(second / library(theirs[entry["name"]]), out / library(renamed))
            merged.append(renamed)
    manifest[key] = merged
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=pathlib.Path)
    parser.add_argument("second", type=pathlib.Path)
    parser.add_argument("--suffix", default="_before", help="appended to the second directory's names")
    parser.add_argument("--out", type=pathlib.Path, required=True)
    opts = parser.parse_args(argv)
    merged = merge(opts.first, opts.second, opts.suffix, opts.out)
    print(f"{len(merged.get('cases', merged.get('builds')))} entries in {opts.out}")


if __name__ == "__main__":
    main()
