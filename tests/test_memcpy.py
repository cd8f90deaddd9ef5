"""tvm_tma.memcpy without a GPU: the library is built and loaded once however many threads
ask at once, copies are split into whole tiles and the byte kernel, misalignment warns, and
the package imports under a runtime-only TVM. (On the H100: benchmarks/run_memcpy.py.)"""

import os
import subprocess
import sys
import threading

import numpy as np
import pytest
import tvm

from tvm_tma import memcpy


def test_build_and_load_once_from_many_threads(tmp_path, monkeypatch):
    path = str(tmp_path / "copy.so")
    builds, loads = [], []
    real_build = memcpy.build

    def build(p, **kw):
        builds.append(p)
        return real_build(p, tile_bytes=4096, stages=2, ctas=4)

    monkeypatch.setattr(memcpy, "build", build)
    monkeypatch.setattr(memcpy.tvm.runtime, "load_module", lambda p: loads.append(p) or {"copy_tiles": 1, "copy_tail": 2})
    start = threading.Barrier(8)
    made = []

    def worker():
        start.wait()
        made.append(memcpy.TMACopy(path, tile_bytes=4096))

    pool = [threading.Thread(target=worker) for _ in range(8)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    assert len(made) == 8 and builds == [path] and loads == [path]
    assert len({id(c.module) for c in made}) == 1
    assert os.path.getsize(path) > 0  # the real build exported a library
    memcpy._modules.pop(path)


class _Kernels:
    def __init__(self):
        self.calls = []

    def __getitem__(self, name):
        return lambda *args: self.calls.append((name, [a if isinstance(a, int) else tuple(a.shape) for a in args]))


@pytest.fixture
def copier():
    kernels = _Kernels()
    memcpy._modules["fake"] = kernels
    yield memcpy.TMACopy("fake", tile_bytes=32), kernels
    memcpy._modules.pop("fake")


def test_whole_tiles_then_the_byte_kernel_from_the_first_byte_past_them(copier):
    copy, kernels = copier
    src, dst = (tvm.runtime.tensor(np.zeros(25, "float32")) for _ in range(2))  # 100 bytes
    copy(dst, src)
    assert kernels.calls == [("copy_tiles", [(3, 32), (3, 32)]), ("copy_tail", [(100,), (100,), 96])]


def test_size_mismatch_is_an_error(copier):
    copy, _ = copier
    with pytest.raises(ValueError, match=r"TMACopy: dst: expected 100 bytes \(the size of src\), got 96"):
        copy(tvm.runtime.tensor(np.zeros(24, "float32")), tvm.runtime.tensor(np.zeros(25, "float32")))


def test_misaligned_buffers_go_to_the_byte_kernel_with_a_warning(copier):
    copy, kernels = copier
    base = tvm.runtime.tensor(np.zeros(200, "uint8"))
    src = base._create_view((100,), "uint8", 4)  # 4 bytes past an aligned base
    with pytest.warns(UserWarning, match=r"bulk_global_align: src or dst is not 16-byte aligned"):
        copy(tvm.runtime.tensor(np.zeros(100, "uint8")), src)
    assert kernels.calls == [("copy_tail", [(100,), (100,), 0])]


def test_runtime_only_import_has_the_copy_api():
    env = dict(os.environ, TVM_USE_RUNTIME_LIB="1")
    out = subprocess.run([sys.executable, "-c", "import tvm_tma; print(sorted(tvm_tma.__all__))"],
                         env=env, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['TMAError', 'copy_report', 'memcpy', 'rules']"
