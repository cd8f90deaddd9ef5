"""The differential fuzzer's kernels: the TensorIR schedule of a :class:`FuzzCase`, and the
build of many cases for the GPU runner.

    python -m tvm_tma.testing.fuzz build --seed S --count N --out build/gpu/fuzz [--batch 25] [--lowering tma]
    python -m tvm_tma.testing.fuzz build --cases tests/compat/fuzz_repros.json --out build/gpu/repros

compiles every case under stock TVM (``tirx.use_async_copy``) and under :data:`LOWERING` (or the
pipeline ``--lowering`` names: ``"tma"`` keeps stock's groups where the launch-cost model
expects no gain) and exports, per pipeline, batches of cases as one library each
(``<pipeline>_<k>.so.gz``, a PrimFunc per case named after it, gzipped), with
``manifest.json``: the seed, each case's description, its
arguments and, per pipeline, its library or the error that refused it.
``benchmarks/run_fuzz.py`` runs them on the GPU against the numpy reference and against each
other.
"""

from __future__ import annotations

import argparse
import functools
import json
import operator
import pathlib
import sys
import time

import tvm
from tvm import te, tirx

from ..codegen import SM90A
from ..schedule import bulk_store
from . import compat
from .fuzz_cases import LOWERING, FuzzCase, Operand, arguments, generate


def _thread_split(sch: tvm.s_tir.Schedule, loops: list, threads: int, lanes: int = 1) -> None:
    """Fuse ``loops`` and split them over ``threads`` threads (``lanes``-wide vectors)."""
    fused = sch.fuse(*loops) if len(loops) > 1 else loops[0]
    if lanes > 1:
        _, tx, vec = sch.split(fused, [None, threads, lanes])
        sch.vectorize(vec)
    else:
        _, tx = sch.split(fused, [None, threads])
    sch.bind(tx, "threadIdx.x")


def _loops_below(sch: tvm.s_tir.Schedule, block, loop) -> list:
    """The loops of ``block`` nested inside ``loop``."""
    loops = sch.get_loops(block)
    depth = [sch.get(x).same_as(sch.get(loop)) for x in loops].index(True) + 1
    return loops[depth:]


def _zero_filled(x: te.Tensor, op: Operand, dtype: str):
    """``P[..., i, j] = X[..., i - row_shift, j - col_shift]``, 0 where that leaves ``X``."""
    def fcompute(*idx):
        *outer, i, j = idx
        inside = [j >= op.col_shift] * bool(op.col_shift) + [i >= op.row_shift] * bool(op.row_shift)
        return tirx.if_then_else(functools.reduce(tirx.And, inside), x[(*outer, i - op.row_shift, j - op.col_shift)],
                                 tirx.const(0, dtype))
    return fcompute


def _scaled(value: te.Tensor, scale: int, dtype: str):
    """``Q = P * scale``."""
    return lambda *idx: value[idx] * tirx.const(scale, dtype)


def _compute(case: FuzzCase) -> tuple[list[te.Tensor], te.Tensor]:
    """The inputs ``X_k`` and ``Y`` (see :mod:`tvm_tma.testing.fuzz_cases`); a shifted or
    scaled operand goes through stages ``P_k`` (zero fill) / ``Q_k`` (scale) that the schedule
    inlines into the operand's copy."""
    shape = (tirx.Var("tiles", "int32"), case.tile_m, case.cols) if case.dynamic else (case.rows, case.cols)
    xs, loaded = [], []
    for k, op in enumerate(case.operands):
        x = te.placeholder(shape, case.dtype, name=f"X{k}")
        xs.append(x)
        value = x
        if op.row_shift or op.col_shift:
            value = te.compute(shape, _zero_filled(x, op, case.dtype), name=f"P{k}")
        if op.scale != 1:
            value = te.compute(shape, _scaled(value, op.scale, case.dtype), name=f"Q{k}")
        loaded.append(value)
    y = te.compute(shape, lambda *idx: functools.reduce(operator.add, [v[idx] for v in loaded]), name="Y")
    return xs, y


def schedule(case: FuzzCase) -> tvm.IRModule:
    """The case's scheduled module: PrimFunc ``main`` (global symbol ``case.name``), arguments
    ``X_0 .. X_{k-1}, Y``."""
    xs, y = _compute(case)
    sch = tvm.s_tir.Schedule(te.create_prim_func([*xs, y]).with_attr("global_symbol", case.name))
    block = sch.get_sblock("Y")
    loops = sch.get_loops(block)
    if case.dynamic:
        io, ii, j = loops
    else:
        io, ii = sch.split(loops[0], [None, case.tile_m])
        j = loops[1]
    jo, ji = sch.split(j, [None, case.tile_n])
    sch.reorder(jo, io, ii, ji)
    if case.strips_per_cta > 1:
        bx, _ = sch.split(jo, [None, case.strips_per_cta])
        sch.bind(bx, "blockIdx.x")
    else:
        sch.bind(jo, "blockIdx.x")
    _thread_split(sch, [ii, ji], case.threads)

    roles: dict[str, object] = {}
    read_names = [r.source.name for r in sch.get(block).reads]
    for k, op in enumerate(case.operands):
        name = f"Q{k}" if op.scale != 1 else f"P{k}" if op.row_shift or op.col_shift else f"X{k}"
        cache = sch.cache_read(block, read_names.index(name), "shared")
        sch.compute_at(cache, io)
        _thread_split(sch, _loops_below(sch, cache, io), case.threads, case.lanes)
        if op.pad:
            sch.storage_align(cache, 0, axis=-2, factor=case.tile_n, offset=op.pad)
        roles[f"copy{k}"] = cache
    for k in range(len(case.operands)):  # the zero fill and the scale move into the copies
        for stage in (f"Q{k}", f"P{k}"):
            if stage in [sch.get(b).name_hint for b in sch.get_child_blocks(sch.get_sblock("root"))]:
                sch.compute_inline(sch.get_sblock(stage))
    if case.relay:
        source = sch.get(roles["copy0"]).writes[0].source.name
        relay = sch.cache_read(block, [r.source.name for r in sch.get(block).reads].index(source), "shared")
        # cache_read puts the relay right after its producer, already inside the row-tile loop
        _thread_split(sch, _loops_below(sch, relay, io), case.threads)
        roles["relay"] = relay
    roles["compute"] = block
    if case.store:
        store = sch.cache_write(block, 0, "shared")
        sch.reverse_compute_at(store, io)
        _thread_split(sch, _loops_below(sch, store, io), case.threads, case.lanes)
        bulk_store(sch, store)
        roles["store"] = store

    names = case.roles()
    position = {sch.get(roles[r]).name_hint: i for i, r in enumerate(names)}
    children = [position[sch.get(b).name_hint] for b in sch.get_child_blocks(io)]
    sch.annotate(io, "software_pipeline_stage", [case.stage(names[i]) for i in children])
    sch.annotate(io, "software_pipeline_order", [case.order[i] for i in children])
    sch.annotate(io, "software_pipeline_async_stages", [0])
    return sch.mod


def _export(funcs: dict[str, tirx.PrimFunc], pipeline: str, path: pathlib.Path) -> None:
    """One library of ``funcs`` compiled together under ``pipeline``."""
    compat.export_compressed(tvm.IRModule({tvm.ir.GlobalVar(name): f for name, f in funcs.items()}), pipeline, path)


def build(cases: list[FuzzCase], out: pathlib.Path, batch: int = 25, seed: int | None = None,
          lowering: str = LOWERING) -> dict:
    """Compile ``cases`` under stock TVM and ``lowering`` into ``out`` (see the module
    docstring); returns the manifest (``seed``: where the cases came from, for the record)."""
    out.mkdir(parents=True, exist_ok=True)
    count = len(cases)
    entries = {c.name: {"case": c.to_json(), "args": arguments(c), "output": len(c.operands)} for c in cases}
    start = time.perf_counter()
    for pipeline in (compat.STOCK, lowering):
        for first in range(0, count, batch):
            funcs = {}
            for case in cases[first:first + batch]:
                mod = schedule(case)
                result = compat.build(mod, pipeline, remember=False)
                if result.error is None:
                    funcs[case.name] = mod["main"]
                else:
                    entries[case.name][pipeline] = {"error": compat.first_line(result.error)[:2000]}
            library = f"{pipeline}_{first // batch}.so.gz"
            if funcs:
                _export(funcs, pipeline, out / library)
            for name in funcs:
                entries[name][pipeline] = {"library": library}
            print(f"{pipeline}: cases {first}..{first + len(cases[first:first + batch]) - 1}: "
                  f"{len(funcs)} built ({time.perf_counter() - start:.0f} s)", flush=True)
    manifest = {"seed": seed, "count": count, "lowering": lowering, "tvm_version": tvm.__version__, "target": SM90A,
                "cases": list(entries.values())}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cmd = sub.add_parser("build", help="compile cases under both pipelines for benchmarks/run_fuzz.py")
    cmd.add_argument("--seed", type=int)
    cmd.add_argument("--count", type=int)
    cmd.add_argument("--cases", type=pathlib.Path,
                     help="instead of --seed/--count: a JSON list of cases (or of {\"case\": ...} entries, "
                          "as tests/compat/fuzz_repros.json)")
    cmd.add_argument("--out", type=pathlib.Path, required=True)
    cmd.add_argument("--batch", type=int, default=25, help="cases per library")
    cmd.add_argument("--lowering", default=LOWERING,
                     help=f"the pipeline compared with stock TVM's (default {LOWERING})")
    opts = parser.parse_args(argv)
    if opts.cases:
        cases = [FuzzCase.from_json(e.get("case", e)) for e in json.loads(opts.cases.read_text())]
    elif opts.seed is not None and opts.count:
        cases = generate(opts.seed, opts.count)
    else:
        parser.error("build: give --seed and --count, or --cases")
    manifest = build(cases, opts.out, opts.batch, opts.seed, opts.lowering)
    refused = {p: sum(p in e and "error" in e[p] for e in manifest["cases"]) for p in (compat.STOCK, opts.lowering)}
    print(f"seed {opts.seed}, {len(cases)} cases; refused: {refused}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
