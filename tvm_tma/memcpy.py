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

A copy of ``n`` bytes runs the tiled kernel over the whole tiles and the one-byte-per-thread
kernel over the last ``n % tile_bytes`` bytes. Sources or destinations not aligned to 16
bytes (``bulk_global_align``) go wholly to the byte kernel, with a warning naming the rule.
"""

from __future__ import annotations

import os
import pathlib
import threading
import warnings
from typing import Any

import tvm

from . import rules

TILE_BYTES = 32768
"""Bytes per tile of the library that :func:`build` makes by default."""

_lock = threading.Lock()
_modules: dict[str, Any] = {}


def build(path: str | os.PathLike, *, tile_bytes: int = TILE_BYTES, stages: int = 4, ctas: int = 132) -> str:
    """Compile both copy kernels for sm_90a with ``tir_pipeline="tma"`` and export them to
    ``path`` (needs TVM's compiler and nvcc); returns the path."""
    from .codegen import compile_sm90a
    from .kernels.bulk_copy import bulk_copy_module

    path = str(path)
    executable = compile_sm90a(bulk_copy_module(tile_bytes=tile_bytes, stages=stages, ctas=ctas), "tma")
    pathlib.Path(path).parent.mkdir(parents=True, exist_ok=True)
    executable.export_library(path)
    return path


def load(path: str | os.PathLike | None = None) -> Any:
    """The loaded copy library at ``path`` (default: built into ``~/.cache/tvm_tma`` if
    missing), loaded once per path however many threads ask at once."""
    if path is None:
        path = pathlib.Path.home() / ".cache" / "tvm_tma" / f"bulk_copy_{TILE_BYTES}.so"
    key = str(path)
    with _lock:
        if key not in _modules:
            if not os.path.exists(key):
                build(key)
            _modules[key] = tvm.runtime.load_module(key)
        return _modules[key]


def _as_tensor(x) -> tvm.runtime.Tensor:
    return x if isinstance(x, tvm.runtime.Tensor) else tvm.runtime.from_dlpack(x)


def _nbytes(t: tvm.runtime.Tensor) -> int:
    return t.numel() * t.dtype.itemsize


class TMACopy:
    """Copies between two equally sized contiguous device buffers with the TMA copy kernel.

    ``library``: a path made by :func:`build` (``None``: build into the user cache on
    first use); ``tile_bytes`` must be the one it was built with.
    """

    def __init__(self, library: str | os.PathLike | None = None, *, tile_bytes: int = TILE_BYTES):
        self.module = load(library)
        self._tiles, self._tail = self.module["copy_tiles"], self.module["copy_tail"]
        self.tile_bytes = tile_bytes

    def __call__(self, dst, src) -> None:
        """``dst[:] = src[:]`` byte for byte (DLPack tensors or ``tvm.runtime.Tensor``)."""
        d, s = _as_tensor(dst), _as_tensor(src)
        nbytes = _nbytes(s)
        if _nbytes(d) != nbytes:
            raise ValueError(f"TMACopy: dst: expected {nbytes} bytes (the size of src), got {_nbytes(d)}")
        if not (d.is_contiguous() and s.is_contiguous()):
            raise ValueError("TMACopy: expected contiguous src and dst")
        if nbytes == 0:
            return
        align = rules.limit("bulk_global_align")
        aligned = d.data_ptr() % align == 0 and s.data_ptr() % align == 0
        whole = nbytes // self.tile_bytes if aligned else 0
        if not aligned:
            warnings.warn(f"bulk_global_align: src or dst is not {align}-byte aligned (data pointers "
                          f"{s.data_ptr():#x}, {d.data_ptr():#x}): copied by the one-byte-per-thread kernel")
        if whole:
            shape = (whole, self.tile_bytes)
            self._tiles(s._create_view(shape, "uint8"), d._create_view(shape, "uint8"))
        if nbytes > whole * self.tile_bytes:
            self._tail(s._create_view((nbytes,), "uint8"), d._create_view((nbytes,), "uint8"),
                       whole * self.tile_bytes)
