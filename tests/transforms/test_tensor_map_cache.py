"""The tensor-map descriptor cache (tvm_tma/transforms/tensor_map_cache.py and .cc): the host
code calls it with the arguments TVM passes to runtime.cuTensorMapEncodeTiled, the kernel is
unchanged, the C++ source is linked by export_library, and the cache itself (built alone here,
with a fake encoder in place of the CUDA driver) hits, misses and stays correct across threads.
"""

import ctypes
import re
import threading

import pytest
import tvm
import tvm_ffi
import tvm_ffi.libinfo
from tvm.support import cc

from tvm_tma.codegen import compile_sm90a, kernel_source
from tvm_tma.transforms import tensor_map_cache
from tvm_tma.transforms.tensor_map_cache import ENCODES, SOURCE, SYMBOL, attach
from workloads import tile_scale

CACHED = "tma_tensor_map_cache"
ENCODE = "runtime.cuTensorMapEncodeTiled"


@pytest.fixture(scope="module")
def builds():
    """The same 2-D tile kernel built by "tma" and by "tma_tensor_map_cache"."""
    mod = tile_scale(256, 256, tile_n=64)
    return compile_sm90a(mod, "tma"), compile_sm90a(mod, CACHED)


def encode_call(host_ll: str) -> tuple[list[str], str]:
    """The stores that set up the first packed call of ``main_compute_`` (the encode), with
    SSA numbers dropped, and that call."""
    body = host_ll[host_ll.index("define internal fastcc i32 @main_compute_"):]
    call = re.search(r"call i32 %\d+\(ptr %\d+, ptr nonnull %stack_ffi_any, i32 \d+|"
                     rf"call i32 @{SYMBOL}\(.*", body).group(0)
    setup = body[:body.index(call)]
    stores = [re.sub(r"%[\w.]+", "%_", line.split(", !dbg")[0].strip()) for line in setup.splitlines()
              if line.strip().startswith("store")]
    return stores, call


def test_host_calls_the_cache_with_the_arguments_of_tvms_encode(builds):
    plain, cached = (ex.mod.inspect_source("ll") for ex in builds)
    assert ENCODE in plain and SYMBOL not in plain
    assert ENCODE not in cached
    (plain_stores, _), (cached_stores, call) = encode_call(plain), encode_call(cached)
    assert plain_stores == cached_stores  # same 15 arguments: map, "float32", 2, A, 256, ...
    assert len(plain_stores) >= 15 and "i32 15" in call and call.startswith(f"call i32 @{SYMBOL}(ptr null")
    assert "tvm_func" not in call  # a direct call: no lookup in the global function registry


def test_kernel_is_unchanged_and_reads_the_map_by_value(builds):
    plain, cached = (kernel_source(ex) for ex in builds)
    assert plain == cached
    assert "const __grid_constant__ CUtensorMap A_tmap0" in cached


def test_cached_encode_appends_the_options_and_forced_dtype():
    A = tvm.tirx.decl_buffer((8, 16), "float16", name="A")
    tmap = tvm.tirx.Var("A_tmap", tvm.script.tirx.handle("tensormap").ty)
    call = tvm.tirx.tensormap_encode_tiled(tmap, A.data, 16, 8, 32, 16, 8, 1, 1, descriptor_dtype="float16",
                                           rank=2, swizzle=3, oob_fill=1, force_cu_dtype=11)
    lowered = tensor_map_cache.cached_encode(call)
    assert lowered.op.name == "tirx.tvm_call_cpacked"
    name, var, dtype, rank, data, *rest = lowered.args
    assert (name.value, dtype.value, int(rank)) == (SYMBOL, "float16", 2)
    assert var.same_as(tmap) and data.same_as(call.args[1])
    assert [int(v) for v in rest] == [16, 8, 32, 16, 8, 1, 1, 0, 3, 0, 1, 11]


def test_attach_links_the_cache_into_the_exported_library(builds, tmp_path):
    plain, cached = builds
    assert [m.kind for m in cached.mod._collect_dso_modules()] == ["llvm", "c"]  # compile_sm90a attached it
    assert not attach(cached)  # once
    assert not attach(plain) and [m.kind for m in plain.mod._collect_dso_modules()] == ["llvm"]
    path = tmp_path / "cached.so"
    cached.export_library(str(path))
    lib = ctypes.CDLL(str(path))
    assert lib[SYMBOL] and lib[f"__tvm_ffi_{ENCODES}"]


@pytest.fixture
def cache(tmp_path):
    """The cache built alone into a library (a fresh copy: fresh table), with a fake
    ``runtime.cuTensorMapEncodeTiled`` that writes 128 bytes derived from its arguments and
    records its calls; yields (encode, encodes, calls)."""
    lib = tmp_path / "tensor_map_cache.so"
    cc.create_shared(str(lib), [str(SOURCE)], options=[f"-I{tvm_ffi.libinfo.find_include_path()}",
                                                      f"-I{tvm_ffi.libinfo.find_dlpack_include_path()}"])
    original = tvm_ffi.get_global_func(ENCODE, allow_missing=True)
    calls = []
    lock = threading.Lock()

    def fake(tensor_map, *args):
        if args[2].value == 0xBAD0:
            raise ValueError("fake encode failed")
        with lock:
            calls.append(args)
        ctypes.memmove(tensor_map.value, descriptor(*args), 128)

    tvm_ffi.register_global_func(ENCODE, fake, override=True)
    mod = tvm_ffi.load_module(str(lib))
    yield mod["tvm_tma_tensor_map_encode"], mod[ENCODES], calls
    if original is not None:
        tvm_ffi.register_global_func(ENCODE, original, override=True)
    else:
        tvm_ffi.registry.remove_global_func(ENCODE)


def descriptor(*args) -> bytes:
    """What the fake encoder writes for ``args`` (everything after the map)."""
    return repr(tuple(getattr(a, "value", a) for a in args)).encode().ljust(128, b"\0")[:128]


def encode_args(data: int, rows: int = 256, box_rows: int = 16, swizzle: int = 0) -> tuple:
    return (tvm_ffi.dtype("float32"), 2, ctypes.c_void_p(data), 256, rows, 1024, 64, box_rows, 1, 1, 0, swizzle, 0, 0)


def run(encode, args: tuple) -> bytes:
    out = (ctypes.c_ubyte * 128)()
    encode(ctypes.c_void_p(ctypes.addressof(out)), *args)
    return bytes(out)


def test_same_arguments_encode_once_any_change_encodes_again(cache):
    encode, encodes, calls = cache
    first = encode_args(0x10000)
    assert run(encode, first) == descriptor(*first)
    assert run(encode, first) == descriptor(*first) and len(calls) == 1 and encodes() == 1
    for changed in (encode_args(0x20000), encode_args(0x10000, rows=255), encode_args(0x10000, box_rows=8),
                    encode_args(0x10000, swizzle=3)):  # pointer, dimension, box, option
        assert run(encode, changed) == descriptor(*changed)
    assert run(encode, first) == descriptor(*first)
    assert len(calls) == encodes() == 5


def test_failed_encode_raises_and_is_not_cached(cache):
    encode, encodes, _ = cache
    bad = encode_args(0xBAD0)
    for _ in range(2):
        with pytest.raises(ValueError, match="fake encode failed"):
            run(encode, bad)
    assert encodes() == 0


def test_threads_each_get_their_own_descriptor(cache):
    """Eight threads encode 12 buffers each (more than the table's 4 ways per set), over and
    over at once: every descriptor a call returns is the one of its own arguments."""
    encode, encodes, calls = cache
    wrong = []

    def worker(thread: int) -> None:
        keys = [encode_args(0x100000 * (thread + 1) + 0x1000 * i) for i in range(12)]
        for step in range(300):
            args = keys[step % len(keys)]
            if run(encode, args) != descriptor(*args):
                wrong.append((thread, step))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong
    assert len(calls) == encodes() < 8 * 300  # hits happened
