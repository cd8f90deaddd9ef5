"""Drop-in harness: build one schedule under stock TVM and under ``tir_pipeline="tma"``.

A schedule that stock TVM 0.27 compiles (``tir_pipeline="default"`` with
``{"tirx.use_async_copy": 1}``, its ``cp.async`` commit/wait groups) must compile under
``"tma"`` too, its CUDA must pass ``nvcc`` for sm_90a, and the copy report
(:func:`tvm_tma.copy_report`) must name every async copy site. The sites are counted in the
IR right after ``InjectSoftwarePipeline`` (where stock and ``"tma"`` still share every pass):
each store into shared memory under an ``async_scope`` attribute, keyed ``(function, source,
destination)`` with the source the global buffer(s) the stored value reads (else the buffers
it reads, e.g. a shared-to-shared copy). A site of a pipeline appears once per place the
pipeline put it (prologue, steady state), as the report's entries do; the report must name
each at least as often.

    outcomes = check_all(cases)           # builds every case; nvcc runs in a thread pool
    outcomes["my_case"].raise_for_tma()   # the "tma" error, nvcc's, or unreported sites
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import gzip
import pathlib
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import tvm
import tvm_ffi
from tvm import s_tir, tirx
from tvm.ir.expr import TensorLoad

from ..codegen import SM90A, compile_cuda, compile_sm90a, kernel_source
from ..report import CopyRecord, copy_report

STOCK = "default"
STOCK_CONFIG = {"tirx.use_async_copy": 1}
TMA = "tma"

Site = tuple[str, str, str]
"""``(function, source, destination)`` of an async copy site, as the copy report names it."""


@dataclasses.dataclass(frozen=True)
class CompatCase:
    """One schedule users already have: ``build()`` makes the scheduled module, ``pattern``
    says which pattern (or generator) it stands for. For a GPU run: ``sizes`` gives the
    symbolic shape variables their values, ``reference`` names the float64 reference of
    ``benchmarks/run_compat.py`` its output must match (empty: compared against stock only),
    ``tensor_core`` marks the tensor-core schedules (their speed is summarized apart)."""

    name: str
    pattern: str
    build: Callable[[], tvm.IRModule]
    sizes: Mapping[str, int] = dataclasses.field(default_factory=dict)
    reference: str = ""
    tensor_core: bool = False


@dataclasses.dataclass
class Build:
    """What one compilation gave: the executable and its CUDA, or the error; the copy report
    collected during it, the module right after ``InjectSoftwarePipeline`` and its async copy
    sites."""

    pipeline: str
    seconds: float
    executable: Any = None
    source: str = ""
    error: Exception | None = None
    report: list[CopyRecord] = dataclasses.field(default_factory=list)
    pipelined: tvm.IRModule | None = None
    sites: Counter[Site] = dataclasses.field(default_factory=Counter)


def first_line(error: BaseException) -> str:
    """The line of an error message that says what failed (TVM puts it last, after the
    traceback), prefixed with the error's type."""
    lines = [line for line in str(error).splitlines() if line.strip()]
    return f"{type(error).__name__}: {lines[-1].strip() if lines else ''}"


def async_copy_sites(mod: tvm.IRModule) -> Counter[Site]:
    """Count the stores into shared memory under ``async_scope`` attributes of every PrimFunc
    in ``mod``, by :data:`Site`."""
    sites: Counter[Site] = Counter()
    for gvar, func in mod.functions.items():
        if not isinstance(func, tirx.PrimFunc):
            continue
        name = str(func.attrs["global_symbol"]) if func.attrs and "global_symbol" in func.attrs else gvar.name_hint

        def on_store(store: tirx.BufferStore, name: str = name) -> None:
            if store.buffer.scope() not in ("shared", "shared.dyn"):
                return
            reads: list[tirx.Buffer] = []
            tvm_ffi.structural_walk(store.value, (TensorLoad, lambda load: reads.append(load.source)))
            sources = [b for b in reads if b.scope() == "global"] or reads
            sites[(name, ",".join(sorted({b.name for b in sources})), store.buffer.name)] += 1

        def on_attr(attr: tirx.AttrStmt) -> None:
            if attr.attr_key == "async_scope":
                tvm_ffi.structural_walk(attr.body, (tirx.BufferStore, on_store))

        tvm_ffi.structural_walk(func.body, (tirx.AttrStmt, on_attr))
    return sites


def unreported_sites(sites: Counter[Site], report: Iterable[CopyRecord]) -> list[str]:
    """Sites that the report names fewer times than they occur, one message each."""
    named = Counter((r.function, r.src, r.dst) for r in report)
    return [f"{func}: {src} -> {dst}: {count} async site(s), {named[(func, src, dst)]} report entr(ies)"
            for (func, src, dst), count in sorted(sites.items()) if named[(func, src, dst)] < count]


_builds: dict[tuple[str, int], list[tuple[tvm.IRModule, Build]]] = {}


def build(mod: tvm.IRModule, pipeline: str, *, remember: bool = True) -> Build:
    """Compile ``mod`` for sm_90a under ``pipeline`` (stock with ``tirx.use_async_copy``);
    errors are kept, not raised. With ``remember``, results are kept per pipeline and module
    structure, so a generator that keeps only what stock compiles does not pay for the
    build twice."""
    if not remember:
        return _compile(mod, pipeline)
    seen = _builds.setdefault((pipeline, tvm_ffi.structural_hash(mod)), [])
    for other, result in seen:
        if tvm_ffi.structural_equal(other, mod):
            return result
    result = _compile(mod, pipeline)
    seen.append((mod, result))
    return result


def _compile(mod: tvm.IRModule, pipeline: str) -> Build:
    captured: dict[str, tvm.IRModule] = {}

    @tvm.instrument.pass_instrument
    class AfterSoftwarePipeline:
        def run_after_pass(self, after: tvm.IRModule, info) -> None:
            if info.name.endswith("InjectSoftwarePipeline"):
                captured["mod"] = after

    config = pass_config(pipeline)
    start = time.perf_counter()
    result = Build(pipeline, 0.0)
    try:
        with copy_report() as report, tvm.transform.PassContext(config=config, instruments=[AfterSoftwarePipeline()]):
            result.executable = tvm.compile(mod, target=tvm.target.Target(SM90A), tir_pipeline=pipeline)
        result.source = kernel_source(result.executable)
    except Exception as err:  # kept for the test to raise (TMAError, InternalError, ...)
        result.error = err
    result.seconds = time.perf_counter() - start
    result.report = list(report)
    if "mod" in captured:
        result.pipelined = captured["mod"]
        result.sites = async_copy_sites(captured["mod"])
    return result


@dataclasses.dataclass
class Outcome:
    """A case under both pipelines; ``tma`` is ``None`` where stock fails (nothing to match)."""

    case: CompatCase
    stock: Build
    tma: Build | None = None
    nvcc: concurrent.futures.Future | None = None

    def raise_for_tma(self) -> None:
        """Raise what keeps ``"tma"`` from being a drop-in here: its compile error, nvcc's
        error on its CUDA, or an AssertionError listing the async copy sites the report
        misses. Returns quietly when ``"tma"`` compiled, nvcc accepted it and the report
        names every site."""
        assert self.tma is not None, f"{self.case.name}: stock TVM fails: {first_line(self.stock.error)}"
        if self.tma.error is not None:
            raise self.tma.error
        self.nvcc.result()
        missing = unreported_sites(self.stock.sites, self.tma.report)
        assert not missing, f"{self.case.name}: the copy report misses async copies: {missing}"


def check_all(cases: Iterable[CompatCase], nvcc_threads: int = 2) -> dict[str, Outcome]:
    """Build every case under stock TVM, then (where stock compiles) under ``"tma"``, while a
    pool of ``nvcc_threads`` threads compiles the ``"tma"`` CUDA."""
    outcomes: dict[str, Outcome] = {}
    with concurrent.futures.ThreadPoolExecutor(nvcc_threads) as pool:
        for case in cases:
            mod = case.build()
            outcome = outcomes[case.name] = Outcome(case, build(mod, STOCK))
            if outcome.stock.error is None:
                outcome.tma = build(mod, TMA)
                if outcome.tma.error is None:
                    outcome.nvcc = pool.submit(compile_cuda, outcome.tma.source)
    return outcomes  # the pool's exit waited for nvcc; its errors stay in the futures


def pass_config(pipeline: str) -> dict[str, Any]:
    """The PassContext config ``pipeline`` is compiled under (stock: ``STOCK_CONFIG``)."""
    return STOCK_CONFIG if pipeline == STOCK else {}


def export_compressed(mod: tvm.IRModule, pipeline: str, path: pathlib.Path) -> str:
    """Compile ``mod`` for sm_90a under ``pipeline`` and export it to ``path`` (``*.so.gz``),
    gzipped: the CUDA source an exported library carries shrinks about tenfold, and what
    travels to the GPU machine is limited (``benchmarks/gpu_workers.load_library`` unpacks it
    there). Returns that CUDA source."""
    executable = compile_sm90a(mod, pipeline, pass_config(pipeline))
    write_compressed(executable, path)
    return kernel_source(executable)


def write_compressed(executable, path: pathlib.Path) -> None:
    """``export_library`` of ``executable`` to ``path`` (``*.so.gz``), gzipped."""
    with tempfile.TemporaryDirectory() as tmp:
        library = pathlib.Path(tmp) / path.name.removesuffix(".gz")
        executable.export_library(str(library))
        path.write_bytes(gzip.compress(library.read_bytes()))


def signature(func: tirx.PrimFunc, sizes: Mapping[str, int]) -> list[dict[str, Any]]:
    """``{"shape", "dtype"}`` of each buffer parameter of ``func`` (symbolic dimensions from
    ``sizes``), in parameter order."""
    args = []
    for param in func.params:  # TVM 0.27 s_tir: a buffer parameter is itself the buffer
        shape = [int(d) if isinstance(d, tirx.IntImm) else sizes[d.name] for d in param.shape]
        args.append({"shape": shape, "dtype": str(param.dtype)})
    return args


def written_params(func: tirx.PrimFunc) -> list[int]:
    """Indices of the buffer parameters ``func`` writes (its outputs): stored to, or in a
    block's write regions (a tensor intrinsic stores through a pointer)."""
    written: list = []
    tvm_ffi.structural_walk(func.body, [(tirx.BufferStore, lambda s: written.append(s.buffer)),
                                        (s_tir.SBlock, lambda b: written.extend(w.source for w in b.writes))])
    return [i for i, p in enumerate(func.params) if any(b.same_as(p) for b in written)]
