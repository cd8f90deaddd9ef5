"""The tensor-map descriptor cache (tvm_tma/transforms/copies/tensor_map_cache.py and .ll): the encode
behind a per-call-site cache in the host IR, the cache inlined into the host LLVM (no symbol
left to resolve: libraries with two and three maps load with RTLD_NOW), the kernel unchanged,
and the cache itself run on the CPU (host-only PrimFuncs that copy their encoded maps out, a
fake runtime.cuTensorMapEncodeTiled in place of the CUDA driver's): hits, misses, counter,
failed encodes, threads.
"""

import ctypes
import os
import re
import subprocess
import threading

import numpy as np
import pytest
import tvm
import tvm_ffi
from tvm import relax, tirx
from tvm.script import relax as R
from tvm.script import tirx as T

from tvm_tma import pipeline
from tvm_tma.codegen import SM90A, compile_sm90a, kernel_source
from tvm_tma.kernels import tile_scale
from tvm_tma.transforms.copies.tensor_map import ENCODE
from tvm_tma.transforms.copies.tensor_map_cache import ENCODES, KEY_WORDS, LOAD, STORE
from workloads import ALL_LAUNCHES

UNCACHED = "tma_no_tensor_map_cache_all_launches"
RUNTIME_ENCODE = "runtime.cuTensorMapEncodeTiled"


def host_module(mod: tvm.IRModule, tensor_map_cache: bool = True, host: str = "llvm", **options) -> tvm.IRModule:
    """``mod`` through the "tma" passes (up to MakePackedAPI and the cache, before the host
    finalization that lowers the builtins)."""
    mod = tirx.transform.BindTarget(tvm.target.Target(SM90A).with_host(host))(mod)
    passes = pipeline._passes(tvm.transform.PassContext.current().config, {"launch_cost": "mbarriers", **options},
                              tensor_map_cache)
    return tvm.ir.transform.Sequential(passes)(mod)


def calls(node, name: str) -> list[tvm.ir.Call]:
    found = []
    tvm_ffi.structural_walk(node, (tvm.ir.Call, lambda c: found.append(c) if isinstance(c.op, tvm.ir.Op)
                                   and c.op.name == name else None))
    return found


def externs(node, name: str) -> list[tvm.ir.Call]:
    return [c for c in calls(node, "tirx.call_extern") if c.args[0].value == name]


def cache_ifs(node) -> list[tirx.IfThenElse]:
    found = []
    tvm_ffi.structural_walk(node, (tirx.IfThenElse, lambda s: found.append(s) if externs(s.condition, LOAD) else None))
    return found


def key_words(node) -> list[list[str]]:
    """The values stored into each call site's key (words 0, 1, ... in a row), site by site."""
    keys: list[list[str]] = []

    def on_store(st: tirx.BufferStore) -> None:
        if st.buffer.name == "tmap_key":
            if int(st.indices[0]) == 0:
                keys.append([])
            keys[-1].append(str(st.value))

    tvm_ffi.structural_walk(node, (tirx.BufferStore, on_store))
    return keys


def test_ir_encode_runs_only_on_a_miss_of_its_own_slot():
    mod = host_module(tile_scale(256, 256, tile_n=64, second_input=True))
    host = mod["main"]
    ifs = cache_ifs(host.body)
    assert len(ifs) == 2  # A's and C's maps
    slots = []
    for branch in ifs:
        (load,) = externs(branch.condition, LOAD)
        (encode,) = calls(branch.then_case, ENCODE)
        (store,) = externs(branch.then_case, STORE)
        slot, tensor_map, data, _key = load.args[1:]
        assert all(a.same_as(b) for a, b in zip(store.args[1:], load.args[1:], strict=True))
        assert tensor_map.same_as(encode.args[0]) and data.same_as(encode.args[1])
        slots.append(slot)
    assert key_words(host.body) == [["T.int64(0)"] * KEY_WORDS] * 2  # static shapes: the data pointer is the whole key
    assert not slots[0].same_as(slots[1])
    binds = {}
    tvm_ffi.structural_walk(host.body, (tirx.Bind, lambda b: binds.setdefault(b.var.name, []).append(b.value)))
    assert [v.op.name for v in binds["tmap_slot"]] == ["tirx.tvm_static_handle"] * 2
    assert len(calls(host.body, ENCODE)) == 2  # every encode is behind the cache
    counter = mod[ENCODES]
    assert counter.attrs["global_symbol"] == f"__tvm_ffi_{ENCODES}"
    assert "pragma_import_llvm" in counter.script()


def test_ir_without_the_cache_with_a_c_host_or_without_maps():
    uncached = host_module(tile_scale(256, 256, tile_n=64), tensor_map_cache=False)
    assert not cache_ifs(uncached["main"].body) and len(calls(uncached["main"].body, ENCODE)) == 1
    assert ENCODES not in [gv.name_hint for gv in uncached.get_global_vars()]
    c_host = host_module(tile_scale(256, 256, tile_n=64), host="c")  # no LLVM to import the cache into
    assert not cache_ifs(c_host["main"].body) and len(calls(c_host["main"].body, ENCODE)) == 1
    assert ENCODES not in [gv.name_hint for gv in c_host.get_global_vars()]
    no_maps = host_module(tile_scale(256, 256, tile_n=64), tensor_maps=False)
    assert not calls(no_maps["main"].body, ENCODE)
    assert ENCODES not in [gv.name_hint for gv in no_maps.get_global_vars()]


@pytest.fixture(scope="module")
def builds():
    """The two-map tile kernel built with and without the cache."""
    mod = tile_scale(256, 256, tile_n=64, second_input=True)
    return compile_sm90a(mod, ALL_LAUNCHES), compile_sm90a(mod, UNCACHED)


def test_host_llvm_inlines_the_cache_one_slot_per_map(builds):
    cached, plain = (ex.mod.inspect_source("ll") for ex in builds)
    slots = re.findall(r"^(@tmap_slot\S*) = private global ptr null", cached, re.M)
    assert len(slots) == 2
    for slot in slots:  # read on every call, written on a miss
        assert f"load atomic ptr, ptr {slot} acquire" in cached
    assert not re.search(r"^declare .*tvm_tma", cached, re.M)  # inlined: nothing to resolve
    assert re.search(rf"^define .*@__tvm_ffi_{ENCODES}\(", cached, re.M)
    assert RUNTIME_ENCODE in cached and RUNTIME_ENCODE in plain  # the miss path encodes as before
    assert "tmap_slot" not in plain and ENCODES not in plain


def test_kernel_is_unchanged_and_takes_the_maps_by_value(builds):
    cached, plain = (kernel_source(ex) for ex in builds)
    assert cached == plain
    assert "const __grid_constant__ CUtensorMap A_tmap0" in cached


@T.prim_func
def two_cpacked_calls(x: T.int32):
    T.evaluate(T.call_cpacked("external_fn", x))
    T.evaluate(T.call_cpacked("external_fn", x))


def test_tvm_declares_a_cpacked_callee_again_at_each_call_site():
    """Why the cache is inlined LLVM IR and not a call_cpacked of C code (the reverted design:
    ``undefined symbol __tvm_ffi_tvm_tma_tensor_map_encode.45``): TVM 0.27's LLVM codegen looks
    the callee up as ``"__tvm_ffi_" + name`` but declares it as ``name``, so the second call
    site declares it again and LLVM renames that declaration."""
    ll = tvm.compile(two_cpacked_calls, target="llvm").mod.inspect_source("ll")
    assert len(re.findall(r"^declare i32 @external_fn(\.\d+)?\(", ll, re.M)) == 2
    assert re.search(r"^declare i32 @external_fn\.\d+\(", ll, re.M)


def three_maps_module() -> tvm.IRModule:
    """Two PrimFuncs in one library: the two-map tile kernel and a one-map one (three encodes)."""
    two = tile_scale(256, 256, tile_n=64, second_input=True)["main"]
    one = tile_scale(128, 256, tile_n=64)["main"].with_attr("global_symbol", "scale")
    return tvm.IRModule({"main": two, "scale": one})


def unresolved(path: str) -> list[str]:
    """The undefined dynamic symbols of the tvm-tma cache, or renamed ones (``name.45``)."""
    out = subprocess.run(["nm", "-D", "--undefined-only", path], capture_output=True, text=True, check=True).stdout
    names = [line.split()[-1].split("@")[0] for line in out.splitlines()]
    return [name for name in names if "tvm_tma" in name or re.search(r"\.\d+$", name)]


@pytest.mark.parametrize("maps", [2, 3])
def test_exported_library_has_nothing_to_resolve_and_loads_now(maps, tmp_path):
    mod = tile_scale(256, 256, tile_n=64, second_input=True) if maps == 2 else three_maps_module()
    executable = compile_sm90a(mod, ALL_LAUNCHES)
    assert len(re.findall(r"^@tmap_slot\S* = ", executable.mod.inspect_source("ll"), re.M)) == maps
    path = str(tmp_path / f"maps{maps}.so")
    executable.export_library(path)
    assert unresolved(path) == []
    exported = subprocess.run(["nm", "-D", "--defined-only", path], capture_output=True, text=True).stdout
    assert f"__tvm_ffi_{ENCODES}" in exported and "tmap_slot" not in exported
    lib = ctypes.CDLL(path, mode=os.RTLD_NOW)  # every symbol resolved at once (TVM's FFI is loaded)
    assert lib[f"__tvm_ffi_{ENCODES}"]


# A host-only PrimFunc: encodes maps as the tma pipeline's host code does, then copies them to `out`
# (what the kernel would receive), so the cache runs here without a GPU.
@T.prim_func
def three_encodes(a: T.handle, c: T.handle, out: T.Buffer((3, 128), "uint8")):
    m = T.int64()
    A = T.match_buffer(a, (m, 64), "float32", align=16)
    C = T.match_buffer(c, (256, 64), "float16", align=16)
    A_tmap: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
    T.tensormap_encode_tiled(A_tmap, A.data, 64, m, 256, 64, 16, 1, 1, descriptor_dtype="float32", rank=2)
    C_tmap: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
    T.tensormap_encode_tiled(C_tmap, C.data, 64, 256, 128, 64, 8, 1, 1, descriptor_dtype="float16", rank=2)
    A_tmap_b: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
    T.tensormap_encode_tiled(A_tmap_b, A.data, 64, m, 256, 32, 8, 1, 1, descriptor_dtype="float32", rank=2,
                             swizzle=3)
    T.call_extern("handle", "memcpy", T.address_of(out[0, 0]), A_tmap, 128)
    T.call_extern("handle", "memcpy", T.address_of(out[1, 0]), C_tmap, 128)
    T.call_extern("handle", "memcpy", T.address_of(out[2, 0]), A_tmap_b, 128)


def descriptor(args: tuple) -> bytes:
    """What the fake encoder writes for ``args`` (everything after the map)."""
    return repr(tuple(getattr(a, "value", a) for a in args)).encode().ljust(128, b"\0")[:128]


class FakeEncoder:
    """``runtime.cuTensorMapEncodeTiled`` for the duration of a test: writes :func:`descriptor`,
    records its calls, raises for 7 rows."""

    def __init__(self):
        self.calls: list[tuple] = []
        self.lock = threading.Lock()

    def __call__(self, tensor_map, *args):
        if args[4] == 7:
            raise ValueError("fake encode failed")
        with self.lock:
            self.calls.append(args)
        ctypes.memmove(tensor_map.value, descriptor(args), 128)


@pytest.fixture
def fake_encoder():
    original = tvm_ffi.get_global_func(RUNTIME_ENCODE, allow_missing=True)
    fake = FakeEncoder()
    tvm_ffi.register_global_func(RUNTIME_ENCODE, fake, override=True)
    yield fake
    if original is not None:
        tvm_ffi.register_global_func(RUNTIME_ENCODE, original, override=True)
    else:
        tvm_ffi.registry.remove_global_func(RUNTIME_ENCODE)


@pytest.fixture(params=["in_memory", "exported"])
def host_lib(request, tmp_path, fake_encoder):
    """``three_encodes`` built by the "tma" pipeline for the CPU: the executable itself, or its
    exported library loaded back (each a fresh cache); yields (module, fake encoder)."""
    executable = tvm.compile(three_encodes, target="llvm", tir_pipeline="tma")
    if request.param == "in_memory":
        yield executable.mod, fake_encoder
    else:
        path = str(tmp_path / "three_encodes.so")
        executable.export_library(path)
        assert unresolved(path) == []
        ctypes.CDLL(path, mode=os.RTLD_NOW)
        yield tvm.runtime.load_module(path), fake_encoder


def tensors(rows: int) -> tuple:
    a = np.zeros((rows, 64), "float32")
    return tvm.runtime.tensor(a), tvm.runtime.tensor(np.zeros((256, 64), "float16"))


def run(mod, a, c) -> list[bytes]:
    """The three maps one call hands to the kernel."""
    out = tvm.runtime.tensor(np.zeros((3, 128), "uint8"))
    mod["three_encodes"](a, c, out)
    return [bytes(row) for row in out.numpy()]


def maps_of(a, c) -> list[bytes]:
    """The descriptors ``three_encodes(a, c, out)`` should hand out: the fake's for its operands."""
    rows, pa, pc = a.shape[0], a.data_ptr(), c.data_ptr()
    return [descriptor(("float32", 2, pa, 64, rows, 256, 64, 16, 1, 1, 0, 0, 0, 0)),
            descriptor(("float16", 2, pc, 64, 256, 128, 64, 8, 1, 1, 0, 0, 0, 0)),
            descriptor(("float32", 2, pa, 64, rows, 256, 32, 8, 1, 1, 0, 3, 0, 0))]


def test_dynamic_dimension_is_in_the_key():
    mod = tvm.IRModule({"three_encodes": three_encodes})
    host = host_module(mod)["three_encodes"]
    assert len(cache_ifs(host.body)) == 3
    rows = ['T.Cast("int64", m)'] + ["T.int64(0)"] * (KEY_WORDS - 1)
    assert key_words(host.body) == [rows, ["T.int64(0)"] * KEY_WORDS, rows]  # C's: static, the data pointer alone


@T.prim_func
def all_operands_dynamic(a: T.handle, d: T.int32, s: T.int64, b: T.int32, e: T.int32):
    A = T.match_buffer(a, (64, 64), "float32", align=16)
    A_tmap: T.let[T.TensorMap()] = T.tvm_stack_alloca("tensormap", 1)
    T.tensormap_encode_tiled(A_tmap, A.data, d, d, d, s, s, b, b, b, e, e, e, descriptor_dtype="float32", rank=3)


def test_site_with_more_key_words_than_an_entry_holds_encodes_every_call():
    host = host_module(tvm.IRModule({"main": all_operands_dynamic}))["main"]
    assert not cache_ifs(host.body) and len(calls(host.body, ENCODE)) == 1


def test_same_buffers_hit_new_buffers_encode(host_lib):
    mod, fake = host_lib
    a, c = tensors(100)
    a2, _ = tensors(100)
    assert run(mod, a, c) == maps_of(a, c) and len(fake.calls) == 3  # first call: every map
    assert run(mod, a, c) == maps_of(a, c) and len(fake.calls) == 3  # same buffers: hits
    assert run(mod, a2, c) == maps_of(a2, c) and len(fake.calls) == 5  # new A: A's two maps
    assert run(mod, a, c) == maps_of(a, c) and len(fake.calls) == 7  # one entry per site: A again
    assert mod[ENCODES]() == len(fake.calls) == 7


def test_same_pointer_other_rows_encodes_again(host_lib):
    mod, fake = host_lib
    a, c = tensors(100)
    run(mod, a, c)
    part = a._create_view((50, 64))  # the same data pointer, 50 rows
    assert part.data_ptr() == a.data_ptr()
    assert run(mod, part, c) == maps_of(part, c) and len(fake.calls) == 5
    assert mod[ENCODES]() == 5


def test_failed_encode_raises_and_is_not_cached(host_lib):
    mod, fake = host_lib
    a, c = tensors(7)
    for _ in range(2):
        with pytest.raises(ValueError, match="fake encode failed"):
            run(mod, a, c)
    assert mod[ENCODES]() == 0
    good, _ = tensors(8)
    assert run(mod, good, c) == maps_of(good, c)


def test_threads_each_get_the_maps_of_their_own_buffers(host_lib):
    """Eight threads call at once, each alternating its own two A buffers (and sharing C): the
    entries of A's call sites are stored and read concurrently; every map a call hands out is
    the one of its own operands, and every encode is counted."""
    mod, fake = host_lib
    _, c = tensors(1)
    own = [[tensors(16 + t)[0] for _ in range(2)] for t in range(8)]
    wrong: list[tuple[int, int]] = []
    barrier = threading.Barrier(len(own))

    def worker(t: int) -> None:
        barrier.wait()
        for step in range(200):
            a = own[t][step % 2]
            if run(mod, a, c) != maps_of(a, c):
                wrong.append((t, step))

    threads = [threading.Thread(target=worker, args=(t,)) for t in range(len(own))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not wrong
    assert mod[ENCODES]() == len(fake.calls)
    assert len(fake.calls) < 8 * 200 * 3  # C's map hit


def test_relax_module_calls_hit(fake_encoder):
    """A Relax function calling the host-only PrimFunc (call_tir) on the VM: one encode per map,
    then hits."""
    a, c = relax.Var("a", R.Tensor((100, 64), "float32")), relax.Var("c", R.Tensor((256, 64), "float16"))
    bb = relax.BlockBuilder()
    with bb.function("main", [a, c]):
        kernel = bb.add_func(three_encodes.with_attr("global_symbol", "three_encodes"), "three_encodes")
        bb.emit_func_output(bb.emit(relax.call_tir(kernel, [a, c], R.Tensor((3, 128), "uint8"))))
    vm = relax.VirtualMachine(tvm.compile(bb.get(), target="llvm", tir_pipeline="tma"), tvm.cpu())
    args = tensors(100)
    for _ in range(3):
        assert [bytes(row) for row in vm["main"](*args).numpy()] == maps_of(*args)
    assert len(fake_encoder.calls) == 3
