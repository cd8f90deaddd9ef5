"""Run batches of GPU cases in child processes, so that a hung or crashing kernel costs one
case, not the run.

A runner script (``run_fuzz.py``, ``run_compat.py``) calls :func:`run_batches` in the parent;
for each batch it starts ``<script> --worker <build_dir> <batch> --skip <done> <extra...>``
(under ``.gpu/boot.py`` where TVM is the runtime-only bundle) and reads the child's protocol
lines from stdout, written by :func:`emit`:

- ``{"event": "loaded"}`` once its libraries are loaded (nvcc at load time),
- ``{"event": "start", "case": c, "pipeline": p}`` before each launch,
- ``{"event": "result", "case": c, "pipeline": p, ...}`` after it.

A child silent for ``case_timeout`` seconds after a ``start`` (``load_timeout`` before
``loaded``) is killed: the started ``(case, pipeline)`` is recorded ``hung``; a child that
exits in the middle of one records it ``crashed`` (a CUDA error leaves the context unusable,
so a child exits after reporting one). Either way a new child takes the rest of the batch.
"""

from __future__ import annotations

import concurrent.futures
import gzip
import json
import os
import pathlib
import selectors
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

MARK = "@@gpu-worker "


def emit(record: dict[str, Any]) -> None:
    """Write one protocol line (child side)."""
    sys.stdout.write(MARK + json.dumps(record) + "\n")
    sys.stdout.flush()


def load_library(path: pathlib.Path):
    """``tvm.runtime.load_module`` of an exported library, unpacked first if gzipped
    (``*.so.gz``, as ``tvm_tma.testing.compat.export_compressed`` writes them)."""
    import tvm

    if path.suffix != ".gz":
        return tvm.runtime.load_module(str(path))
    with tempfile.TemporaryDirectory() as tmp:
        library = pathlib.Path(tmp) / path.name.removesuffix(".gz")
        library.write_bytes(gzip.decompress(path.read_bytes()))
        return tvm.runtime.load_module(str(library))


def _boot_command(script: str) -> list[str]:
    """How to start ``script`` like the parent: through ``.gpu/boot.py`` when TVM is its
    runtime-only bundle (``.gpu/site/tvm``), else directly."""
    import tvm

    boot = pathlib.Path(tvm.__file__).resolve().parents[2] / "boot.py"
    return [sys.executable, str(boot), script] if boot.exists() else [sys.executable, script]


def _run_child(command: list[str], log: pathlib.Path, case_timeout: float, load_timeout: float,
               on_record: Callable[[dict[str, Any]], None]) -> tuple[dict[str, Any] | None, str]:
    """Run one child to its end; returns the ``start`` record left without a result (or
    ``None``) and how it ended: ``"exited <rc>"`` or ``"hung"``."""
    with open(log, "a") as err:
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, bufsize=0, start_new_session=True)
        selector = selectors.DefaultSelector()
        selector.register(proc.stdout, selectors.EVENT_READ)
        started, deadline, pending = None, time.monotonic() + load_timeout, b""
        while True:
            if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
                return started, "hung"
            chunk = os.read(proc.stdout.fileno(), 1 << 16)  # unbuffered: select sees every line
            if not chunk:
                return started, f"exited {proc.wait()}"
            *lines, pending = (pending + chunk).split(b"\n")
            for line in (x.decode(errors="replace") for x in lines):
                if not line.startswith(MARK):
                    continue
                record = json.loads(line[len(MARK):])
                if record["event"] == "start":
                    started = record
                elif record["event"] == "result":
                    started = None
                    on_record(record)
                deadline = time.monotonic() + case_timeout


def _log_tail(log: pathlib.Path, chars: int = 1500) -> str:
    text = log.read_text(errors="replace") if log.exists() else ""
    return text[-chars:]


def run_batch(script: str, build_dir: pathlib.Path, batch: str, pairs: list[tuple[str, str]],
              logs: pathlib.Path, case_timeout: float, load_timeout: float, extra: list[str]) -> list[dict[str, Any]]:
    """Every ``(case, pipeline)`` of ``pairs`` through children of ``script`` (given ``extra``
    arguments too); one record each."""
    results: dict[tuple[str, str], dict[str, Any]] = {}
    log = logs / f"{batch}.log"
    while len(results) < len(pairs):
        before = len(results)
        done = ",".join(f"{c}:{p}" for c, p in results)
        command = [*_boot_command(script), "--worker", str(build_dir), batch, "--skip", done, *extra]
        started, ended = _run_child(command, log, case_timeout, load_timeout,
                                    lambda r: results.__setitem__((r["case"], r["pipeline"]), r))
        if started is not None:
            status = "hung" if ended == "hung" else "crashed"
            results[(started["case"], started["pipeline"])] = {
                "event": "result", "case": started["case"], "pipeline": started["pipeline"], "status": status,
                "detail": f"child {ended} during this case; its log ends: {_log_tail(log)}"}
        elif len(results) == before:  # died before any case (a library that does not load)
            for case, pipeline in pairs:
                results.setdefault((case, pipeline), {
                    "event": "result", "case": case, "pipeline": pipeline, "status": "not_run",
                    "detail": f"child {ended} before this case; its log ends: {_log_tail(log)}"})
    return [results[p] for p in pairs]


def run_batches(script: str, build_dir: pathlib.Path, batches: dict[str, list[tuple[str, str]]], logs: pathlib.Path,
                workers: int, case_timeout: float, load_timeout: float, extra: list[str] = ()) -> list[dict[str, Any]]:
    """:func:`run_batch` for every batch, ``workers`` children at a time; records in batch order."""
    logs.mkdir(parents=True, exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(max(1, workers)) as pool:
        futures = [pool.submit(run_batch, script, build_dir, name, pairs, logs, case_timeout, load_timeout, list(extra))
                   for name, pairs in batches.items()]
        records = []
        for name, future in zip(batches, futures):
            batch_records = future.result()
            print(f"batch {name}: " + ", ".join(sorted({r['status'] for r in batch_records})), flush=True)
            records += batch_records
    return records
