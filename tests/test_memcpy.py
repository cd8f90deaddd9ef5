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
import tvm_ffi

from tvm_tma import memcpy
from tvm_tma.kernels import bulk_copy


def test_build_and_load_once_from_many_threads(tmp_path, monkeypatch):
    path = str(tmp_path / "copy.so")
    builds, loads = [], []
    real_build = memcpy.build

    def build(p, **kw):
        builds.append(p)
        return real_build(p, variants=(memcpy.Variant(4096, 2, 4),))

    monkeypatch.setattr(memcpy, "build", build)
    monkeypatch.setattr(memcpy.tvm.runtime, "load_module",
                        lambda p: loads.append(p) or {"copy_tiles_4096_2": 1, "copy_tail": 2})
    start = threading.Barrier(8)
    made = []

    def worker():
        start.wait()
        made.append(memcpy.TMACopy(path))

    pool = [threading.Thread(target=worker) for _ in range(8)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    assert len(made) == 8 and builds == [path] and loads == [path]
    assert len({id(c.module) for c in made}) == 1
    assert os.path.getsize(path) > 0  # the real build exported a library
    assert made[0].variants == (memcpy.Variant(4096, 2, 4),)  # read back from copy.so.json
    memcpy._modules.pop(path)


class _Kernels:
    def __init__(self):
        self.calls = []

    def __getitem__(self, name):
        return lambda *args: self.calls.append((name, [a if isinstance(a, int) else tuple(a.shape) for a in args]))


@pytest.fixture
def copier():
    kernels = _Kernels()
    memcpy._modules["fake"] = kernels, (memcpy.Variant(16, 2, 4, max_bytes=64), memcpy.Variant(32, 2, 4))
    yield memcpy.TMACopy("fake"), kernels
    memcpy._modules.pop("fake")


def test_whole_tiles_then_the_byte_kernel_from_the_first_byte_past_them(copier):
    copy, kernels = copier
    src, dst = (tvm.runtime.tensor(np.zeros(25, "float32")) for _ in range(2))  # 100 bytes
    copy(dst, src)
    assert kernels.calls == [("copy_tiles_32_2", [(3, 32), (3, 32), 3, 1]), ("copy_tail", [(100,), (100,), 96])]


def test_copies_up_to_max_bytes_take_the_small_tile_variant(copier):
    copy, kernels = copier
    src, dst = (tvm.runtime.tensor(np.zeros(60, "uint8")) for _ in range(2))
    copy(dst, src)
    assert kernels.calls == [("copy_tiles_16_2", [(3, 16), (3, 16), 3, 1]), ("copy_tail", [(60,), (60,), 48])]


def test_the_grid_is_at_most_ctas_and_at_most_one_cta_per_tile(copier):
    copy, kernels = copier
    src, dst = (tvm.runtime.tensor(np.zeros(9 * 32 + 5, "uint8")) for _ in range(2))
    copy(dst, src)
    # CTA 0 copies tiles 0, 4, 8; CTAs 1-3 two each
    assert kernels.calls[0] == ("copy_tiles_32_2", [(9, 32), (9, 32), 4, 3])
    assert memcpy.Variant(32, 2, 4).grid(8) == (4, 2)


def test_one_cta_per_tile_takes_no_grid_arguments(copier):
    copy, kernels = copier
    memcpy._modules["fake"] = kernels, (memcpy.Variant(16, 1, None),)
    src, dst = (tvm.runtime.tensor(np.zeros(9 * 16, "uint8")) for _ in range(2))
    memcpy.TMACopy("fake")(dst, src)
    assert kernels.calls == [("copy_tile_per_cta_16", [(9, 16), (9, 16)])]
    with pytest.raises(ValueError, match=r"Variant: stages: expected 1 with one CTA per tile \(ctas=None\), got 2"):
        memcpy.Variant(16, 2, None)


def test_the_last_variant_must_take_any_size():
    with pytest.raises(ValueError, match=r"build: variants: expected a last variant with max_bytes=None"):
        memcpy.build("unused.so", variants=(memcpy.Variant(4096, 2, 4, max_bytes=1 << 20),))


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
    assert out.strip() == "['TMAError', 'copy_report', 'memcpy', 'p2p', 'rules']"


@pytest.mark.parametrize("kernel", [bulk_copy.copy_tiles, bulk_copy.copy_tile_per_cta])
def test_tile_kernels_refuse_a_tile_their_threads_do_not_divide(kernel):
    with pytest.raises(ValueError, match=rf"{kernel.__name__}: tile_bytes: expected a multiple of threads \* 16 = "
                                         r"2048, got 1000"):
        kernel(tile_bytes=1000, threads=128)


def test_copy_tiles_checks_its_grid_on_the_host():
    # The host part refuses a grid that does not cover the tiles exactly once (on the H100,
    # run_memcpy.py calls it with a wrong walk and expects this message).
    func = bulk_copy.copy_tiles(tile_bytes=2048, stages=2, threads=1)
    (check,) = _nodes(func.body, tvm.tirx.AssertStmt)
    assert "walk == ceil(tiles / ctas)" in str(check.message_parts)
    names = {v.name: v for v in _nodes(check.condition, tvm.tirx.Var)}
    analyzer = tvm.sym.Analyzer()

    def holds(tiles, ctas, walk):
        values = {names["tiles"]: tiles, names["ctas"]: ctas, names["walk"]: walk}
        cond = tvm_ffi.structural_mutate(check.condition,
                                         (tvm.tirx.Var, lambda v, _m: tvm.tirx.const(values[v], "int64")))
        return bool(analyzer.simplify(cond))

    assert holds(9, 4, 3) and holds(8, 4, 2) and holds(3, 3, 1)
    assert not holds(9, 4, 2) and not holds(9, 4, 4) and not holds(3, 4, 1) and not holds(3, 0, 1)


def _nodes(node, kind) -> list:
    found = []
    tvm_ffi.structural_walk(node, (kind, found.append))
    return found
