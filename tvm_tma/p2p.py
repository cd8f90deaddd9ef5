"""Copies between two GPUs of one host: Put and Get, by the copy engine or the TMA copy kernel.

- ``put(dst, src)``: ``src`` is on the GPU that issues the copy, ``dst`` is a peer GPU's
  memory; the source GPU writes over the link.
- ``get(dst, src)``: ``dst`` is on the issuing GPU, ``src`` is a peer GPU's memory; the
  destination GPU reads over the link.

Transports (nvFuser PR 6012's option, ``PeerCopy(transport=...)``; the default,
:data:`DEFAULT_TRANSPORT`, is the faster one in the measurement):

- ``"copy_engine"``: ``cudaMemcpyPeerAsync`` on the issuing GPU's current stream;
- ``"tma"``: the :mod:`tvm_tma.memcpy` kernel (bulk loads and bulk stores through a shared
  ring) launched on the issuing GPU, with the peer buffer as its destination (Put) or source
  (Get). Peer access from the issuing GPU to the peer is enabled once per pair.

A peer buffer is a DLPack tensor in another GPU's memory:

- a tensor of another device of this process (both transports; the TMA kernel reaches it
  through peer access);
- one opened from a CUDA IPC handle (``torch.multiprocessing``, or handles exchanged with
  ``torch.distributed``: ``benchmarks/run_p2p.py``). For the copy engine, open it as torch
  does, on the peer's device. For the TMA transport, open it on the issuing GPU (it then says
  it is on that GPU): a kernel cannot reach an IPC mapping made in another GPU's context
  (an illegal address on the H200 pair, even with peer access enabled). Copies run on TVM's
current stream of the issuing GPU (``tvm_ffi.use_torch_stream`` makes it torch's).
"""

from __future__ import annotations

import ctypes
import functools
import os
import threading
from typing import Any

import tvm
import tvm_ffi

from . import memcpy

TRANSPORTS = ("copy_engine", "tma")
DEFAULT_TRANSPORT = "copy_engine"
"""From the H200 pair (NV18; benchmarks/RESULTS.md, "Two GPUs", 1 MiB .. 4 GiB, one and
both directions): ``cudaMemcpyPeerAsync`` on buffers opened on the issuing GPU was the
fastest at every size; the TMA kernel reached 0.83-0.90x of it (and 1.1-3.1x of the copy
engine on buffers opened as torch opens them, on the peer's device)."""

_CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704
_lock = threading.Lock()
_peer_enabled: set[tuple[int, int]] = set()


@functools.cache
def _cudart() -> ctypes.CDLL:
    """The CUDA runtime that TVM's CUDA runtime links (already loaded in this process)."""
    for name in ("libcudart.so.13", "libcudart.so.12", "libcudart.so"):
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    raise OSError("p2p: expected the CUDA runtime library (libcudart.so.13), found none")


def _check(call: str, status: int) -> None:
    if status:
        raise RuntimeError(f"p2p: {call} failed with CUDA error {status}")


def enable_peer_access(device: int, peer: int) -> None:
    """Let kernels on GPU ``device`` access GPU ``peer``'s memory (once per pair, thread-safe)."""
    with _lock:
        if (device, peer) in _peer_enabled or device == peer:
            return
        rt, can, current = _cudart(), ctypes.c_int(0), ctypes.c_int(0)
        _check("cudaDeviceCanAccessPeer", rt.cudaDeviceCanAccessPeer(ctypes.byref(can), device, peer))
        if not can.value:
            raise RuntimeError(f"p2p: GPU {device} cannot access GPU {peer}'s memory "
                               "(cudaDeviceCanAccessPeer returned 0)")
        _check("cudaGetDevice", rt.cudaGetDevice(ctypes.byref(current)))
        _check("cudaSetDevice", rt.cudaSetDevice(device))
        status = rt.cudaDeviceEnablePeerAccess(peer, 0)
        if status == _CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED:
            status = 0
            rt.cudaGetLastError()  # clear the sticky-free "already enabled" error
        _check("cudaSetDevice", rt.cudaSetDevice(current.value))
        _check(f"cudaDeviceEnablePeerAccess({device} -> {peer})", status)
        _peer_enabled.add((device, peer))


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class _DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", _DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


class PeerView:
    """The bytes of ``peer`` (a tensor in another GPU's memory) as a uint8 vector that says
    it is on CUDA GPU ``device``: how the issuing GPU's kernel is handed a peer's buffer
    (TVM's entry function requires every tensor on the launch device; once peer access is
    enabled the pointer is valid there). ``tensor`` is that view; it points into this
    object's DLTensor, so keep the object until the launch returns."""

    def __init__(self, peer: tvm.runtime.Tensor, device: int):
        self.peer, self.shape = peer, (ctypes.c_int64 * 1)(memcpy.nbytes(peer))
        self.managed = _DLManagedTensor(_DLTensor(peer.data_ptr(), _DLDevice(2, device), 1, _DLDataType(1, 8, 1),
                                                  self.shape, None, 0), None, None)
        self.tensor = tvm_ffi.from_dlpack(self, require_alignment=0, require_contiguous=True)

    def __dlpack_device__(self) -> tuple[int, int]:
        return 2, self.managed.dl_tensor.device.device_id

    def __dlpack__(self, **_: Any) -> Any:
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self.managed), b"dltensor", None)


class PeerCopy:
    """Put and Get between two GPUs of one host (module docstring) with ``transport``;
    ``library``: the :mod:`tvm_tma.memcpy` library for the ``"tma"`` transport."""

    def __init__(self, library: str | os.PathLike | None = None, *, transport: str = DEFAULT_TRANSPORT):
        if transport not in TRANSPORTS:
            raise ValueError(f"PeerCopy: transport: expected one of {TRANSPORTS}, got {transport!r}")
        self.transport = transport
        self._tma = memcpy.TMACopy(library) if transport == "tma" else None

    def put(self, dst, src) -> None:
        """``dst[:] = src[:]``, issued by ``src``'s GPU, ``dst`` in a peer's memory."""
        self._copy(memcpy.as_tensor(dst), memcpy.as_tensor(src), issuer="src")

    def get(self, dst, src) -> None:
        """``dst[:] = src[:]``, issued by ``dst``'s GPU, ``src`` in a peer's memory."""
        self._copy(memcpy.as_tensor(dst), memcpy.as_tensor(src), issuer="dst")

    def _copy(self, d: tvm.runtime.Tensor, s: tvm.runtime.Tensor, issuer: str) -> None:
        for name, t in (("dst", d), ("src", s)):
            if t.device.dlpack_device_type() != 2 or not t.is_contiguous():
                raise ValueError(f"PeerCopy: {name}: expected a contiguous CUDA tensor, got {t.device} "
                                 f"(contiguous: {t.is_contiguous()})")
        nbytes = memcpy.nbytes(s)
        if memcpy.nbytes(d) != nbytes:
            raise ValueError(f"PeerCopy: dst: expected {nbytes} bytes (the size of src), got {memcpy.nbytes(d)}")
        device = (d if issuer == "dst" else s).device.index
        if self.transport == "copy_engine":
            rt, current = _cudart(), ctypes.c_int(0)
            _check("cudaGetDevice", rt.cudaGetDevice(ctypes.byref(current)))
            _check("cudaSetDevice", rt.cudaSetDevice(device))  # a 0 stream is the issuer's
            status = rt.cudaMemcpyPeerAsync(ctypes.c_void_p(d.data_ptr()), d.device.index,
                                            ctypes.c_void_p(s.data_ptr()), s.device.index, ctypes.c_size_t(nbytes),
                                            ctypes.c_void_p(tvm_ffi.get_raw_stream(tvm.cuda(device))))
            _check("cudaSetDevice", rt.cudaSetDevice(current.value))
            _check("cudaMemcpyPeerAsync", status)
            return
        peer = s if issuer == "dst" else d
        enable_peer_access(device, peer.device.index)
        view = PeerView(peer, device) if peer.device.index != device else None
        local = lambda t: view.tensor if view and t is peer else t  # noqa: E731
        self._tma(local(d), local(s))
