"""Device-to-device byte copies with the TMA copy kernel (:mod:`tvm_tma.kernels.bulk_copy`).

Built once where TVM's compiler is, used wherever TVM's runtime is (the runtime-only TVM of
a GPU machine is enough)::

    tvm_tma.memcpy.build("bulk_copy.so")           # compiler side, once
    copy = tvm_tma.memcpy.TMACopy("bulk_copy.so")  # runtime side; loads the library once
    copy(dst, src)                                 # DLPack tensors on one CUDA device

``TMACopy()`` without a path builds into ``~/.cache/tvm_tma`` on first use. Loading (and
building) happens once per library path, under a lock, however many threads construct a
``TMACopy`` at once (nvFuser PR 6012's reviewers found its lazy kernel initialization
thread-unsafe).

The library holds the tile kernel of each :class:`Variant` (the persistent ring kernel, or one
CTA per tile) and the one-byte-per-thread tail kernel; ``build`` writes the variants next to it
(``<library>.json``). A copy of ``n`` bytes runs the first variant whose ``max_bytes`` admits
``n`` over the whole tiles (a ring kernel on at most ``ctas`` CTAs and at most one per tile,
:meth:`Variant.grid`), and the tail kernel over the last ``n % tile_bytes`` bytes. Sources or
destinations not aligned to 16 bytes (``bulk_global_align``) go wholly to the byte kernel,
with a warning naming the rule.

Kernels launch on TVM's current stream for the device: inside
``tvm_ffi.use_torch_stream(...)`` that is torch's stream, so copies can be captured in CUDA
graphs.
"""

from __future__ import annotations

import json
import os
import pathlib
import threading
import warnings
from dataclasses import asdict, dataclass
from typing import Any

import tvm
import tvm_ffi

from . import rules


@dataclass(frozen=True)
class Variant:
    """One way to run the library's tile kernels: at most ``ctas`` persistent CTAs of
    ``threads`` threads walk tiles of ``tile_bytes`` through a ``stages``-stage pipelined ring
    (``copy_tiles``), or, ``ctas=None`` and ``stages=1``, one CTA per tile (``copy_tile_per_cta``);
    used for copies of at most ``max_bytes`` (``None``: any size)."""

    tile_bytes: int
    stages: int
    ctas: int | None
    max_bytes: int | None = None
    threads: int = 128

    def __post_init__(self):
        if self.ctas is None and self.stages != 1:
            raise ValueError(f"Variant: stages: expected 1 with one CTA per tile (ctas=None), got {self.stages}")

    @property
    def function(self) -> str:
        """The kernel's name in the library (variants that differ in ``ctas`` or ``max_bytes``
        only share it)."""
        suffix = f"_t{self.threads}" if self.threads != 128 else ""
        if self.ctas is None:
            return f"copy_tile_per_cta_{self.tile_bytes}{suffix}"
        return f"copy_tiles_{self.tile_bytes}_{self.stages}{suffix}"

    def kernel(self) -> Any:
        """The variant's tile kernel (a ``tirx.PrimFunc``; needs TVM's compiler)."""
        from .kernels.bulk_copy import copy_tile_per_cta, copy_tiles

        if self.ctas is None:
            return copy_tile_per_cta(tile_bytes=self.tile_bytes, threads=self.threads)
        return copy_tiles(tile_bytes=self.tile_bytes, stages=self.stages, threads=self.threads)

    def grid(self, tiles: int) -> tuple[int, ...]:
        """The grid arguments of the kernel for ``tiles`` tiles: none for one CTA per tile;
        else CTAs (at most ``ctas``, never more than one per tile) and steps per CTA (``walk``)."""
        if self.ctas is None:
            return ()
        ctas = min(self.ctas, tiles)
        return ctas, -(-tiles // ctas)


VARIANTS = (Variant(4096, 1, None, max_bytes=16 << 20, threads=1), Variant(4096, 1, None))
"""What :func:`build` puts in the library by default, from the sweeps of
``benchmarks/build_memcpy.py`` on the H100 (benchmarks/results/memcpy_ring_sweep_h100.json,
memcpy_per_cta_kernel_h100.json; benchmarks/RESULTS.md, "Copies"): 4 KiB
tiles, one CTA per tile (``copy_tile_per_cta``: the hardware's CTA scheduler keeps the most
tiles in flight; persistent grids of 528-4224 CTAs walking several tiles reached 0.93-0.96 of
cudaMemcpy from 64 MiB up, one CTA per tile 0.99-1.0, and the ring kernel with one tile per CTA
ran 2-4% behind it at 1-4 MiB); one thread per CTA up to 16 MiB (latency-bound copies: no
other threads to synchronize), 128 above."""

_lock = threading.Lock()
_modules: dict[str, Any] = {}


def build(path: str | os.PathLike, *, variants: tuple[Variant, ...] = VARIANTS) -> str:
    """Compile the tile kernels of ``variants`` and the tail kernel for sm_90a with
    ``tir_pipeline="tma"``, export them to ``path`` and the variants to ``<path>.json``
    (needs TVM's compiler and nvcc); returns the path."""
    from .codegen import compile_sm90a
    from .kernels.bulk_copy import bulk_copy_module

    if not variants or variants[-1].max_bytes is not None:
        raise ValueError(f"build: variants: expected a last variant with max_bytes=None, got {variants}")
    path = str(path)
    kernels = {v.function: v for v in variants}  # variants that differ in ctas or max_bytes only share one
    executable = compile_sm90a(bulk_copy_module({name: v.kernel() for name, v in kernels.items()}), "tma")
    pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    executable.export_library(path)
    pathlib.Path(path + ".json").write_text(json.dumps({"variants": [asdict(v) for v in variants]}))
    return path


def load(path: str | os.PathLike | None = None) -> tuple[Any, tuple[Variant, ...]]:
    """The loaded copy library at ``path`` (default: built into ``~/.cache/tvm_tma`` if
    missing) and its variants, loaded once per path however many threads ask at once."""
    if path is None:
        path = pathlib.Path.home() / ".cache" / "tvm_tma" / "bulk_copy.so"
    key = str(path)
    with _lock:
        if key not in _modules:
            if not os.path.exists(key):
                build(key)
            variants = json.loads(pathlib.Path(key + ".json").read_text())["variants"]
            _modules[key] = (tvm.runtime.load_module(key), tuple(Variant(**v) for v in variants))
        return _modules[key]


def as_tensor(x: Any) -> tvm.runtime.Tensor:
    """``x`` (a DLPack tensor) as a TVM tensor, whatever its alignment (this module checks
    the alignment that bulk copies need itself)."""
    if isinstance(x, tvm.runtime.Tensor):
        return x
    return tvm_ffi.from_dlpack(x, require_alignment=0, require_contiguous=True)


def nbytes(t: tvm.runtime.Tensor) -> int:
    """Bytes in ``t``."""
    return t.numel() * t.dtype.itemsize


class TMACopy:
    """Copies between two equally sized contiguous device buffers with the TMA copy kernels
    of ``library`` (a path made by :func:`build`; ``None``: build into the user cache on
    first use)."""

    def __init__(self, library: str | os.PathLike | None = None):
        self.module, self.variants = load(library)
        self._tiles = [(v, self.module[v.function]) for v in self.variants]
        self._tail = self.module["copy_tail"]

    @property
    def tile_sizes(self) -> tuple[int, ...]:
        """The tile bytes of the library's variants."""
        return tuple(v.tile_bytes for v in self.variants)

    def __call__(self, dst, src) -> None:
        """``dst[:] = src[:]`` byte for byte (DLPack tensors or ``tvm.runtime.Tensor``)."""
        d, s = as_tensor(dst), as_tensor(src)
        size = nbytes(s)
        if nbytes(d) != size:
            raise ValueError(f"TMACopy: dst: expected {size} bytes (the size of src), got {nbytes(d)}")
        if not (d.is_contiguous() and s.is_contiguous()):
            raise ValueError("TMACopy: expected contiguous src and dst")
        if size == 0:
            return
        align = rules.limit("bulk_global_align")
        if d.data_ptr() % align or s.data_ptr() % align:
            warnings.warn(f"bulk_global_align: src or dst is not {align}-byte aligned (data pointers "
                          f"{s.data_ptr():#x}, {d.data_ptr():#x}): copied by the one-byte-per-thread kernel",
                          stacklevel=2)
            done = 0
        else:
            variant, kernel = next((v, k) for v, k in self._tiles if v.max_bytes is None or size <= v.max_bytes)
            whole = size // variant.tile_bytes
            done = whole * variant.tile_bytes
            if whole:
                shape = (whole, variant.tile_bytes)
                kernel(s._create_view(shape, "uint8"), d._create_view(shape, "uint8"), *variant.grid(whole))
        if size > done:
            self._tail(s._create_view((size,), "uint8"), d._create_view((size,), "uint8"), done)
