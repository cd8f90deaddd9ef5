"""Tensor-map descriptor cache: a call with an unchanged buffer does not encode its
``CUtensorMap`` again.

TVM 0.27 lowers ``tensormap_encode_tiled`` (see :mod:`.tensor_map`) to a call of the packed
function ``runtime.cuTensorMapEncodeTiled`` at every call of the host function (about 1 us
each). :func:`CacheTensorMapEncodes` accepts a module after MakePackedAPI and puts each
``Evaluate(tensormap_encode_tiled(...))`` of a host PrimFunc behind a cache of one entry per
call site::

    T.tensormap_encode_tiled(A_tmap, A.data, n, 256, n * 4, 64, 16, 1, 1, ...)
    # becomes
    tmap_slot = T.Bind(T.tvm_static_handle())       # this call site's entry
    tmap_key = T.decl_buffer((9,), "int64", data=T.tvm_stack_alloca("shape", 9))
    tmap_key[0] = T.Cast("int64", n)                  # the operands that are not constants,
    tmap_key[1] = T.int64(0)                          # then zeros up to KEY_WORDS
    ...
    if T.call_extern("int32", "tvm_tma_tensor_map_cache_load", tmap_slot, A_tmap, A.data, tmap_key.data) == 0:
        T.tensormap_encode_tiled(A_tmap, A.data, n, 256, n * 4, 64, 16, 1, 1, ...)
        T.call_extern("int32", "tvm_tma_tensor_map_cache_store", tmap_slot, A_tmap, A.data, tmap_key.data)

The encode is a pure function of its operands and attributes, and at one call site all but the
data pointer and the operands that are not constants (dynamic dimensions and strides; none for
static shapes; a site with more than :data:`KEY_WORDS` of them is left uncached) are fixed:
those are the key. A hit copies the cached 128 bytes into the map's
stack slot; a miss encodes as before (the same packed call, its checks and error messages; a
failed encode raises and is not cached), then stores the descriptor. The kernel is unchanged:
it still takes the map by value as a ``__grid_constant__`` parameter. One entry per call site:
a site whose buffers alternate encodes at every call, as without the cache.

Load and store are LLVM IR (``tensor_map_cache.ll``). The entry (calloc'd at the site's first
store, published by compare-and-swap, kept for the life of the process) is a seqlock rather
than a lock: a load only reads (threads hitting one entry do not take its cache line from each
other, and never wait for a writer that was preempted), a torn read is a miss, and a store that
finds another one in progress leaves the entry to it (the caller's own descriptor is right
either way). The pass imports the IR into the host module with a ``pragma_import_llvm``
attribute; TVM's LLVM codegen links it in and inlines it (the hit path is two copies out of
the entry, a ``bcmp`` of the key and a compare inside the host function: few memory accesses,
since LLVM's optimizer relates each one inlined to the host function's others, and word-by-word
atomics cost milliseconds of compile time per call site), so neither in-memory executables nor
``export_library`` need any other code, and a library gains no symbol to resolve. It is also
why this is not a ``tvm_call_cpacked`` of C code: TVM 0.27's LLVM codegen looks a cpacked
callee up as ``"__tvm_ffi_" + name`` but declares it as ``name``, so a second call site
declares it again and LLVM renames it (``name.45``: an undefined symbol).

The pass also adds the packed PrimFunc :data:`ENCODES` (only to modules with an encode):
``mod[ENCODES]()`` is the number of descriptors the loaded library or executable has encoded,
i.e. its cache misses.
"""

from __future__ import annotations

import pathlib

import tvm
import tvm_ffi
from tvm import tirx
from tvm.script import tirx as T

from .tensor_map import ENCODE

ENCODES = "tvm_tma_tensor_map_cache_encodes"
"""``mod[ENCODES]()``: the descriptors a module has encoded (cache misses) since it was loaded."""
LOAD = "tvm_tma_tensor_map_cache_load"
STORE = "tvm_tma_tensor_map_cache_store"
COUNT = "tvm_tma_tensor_map_cache_encode_count"
IR = pathlib.Path(__file__).with_name("tensor_map_cache.ll")
KEY_WORDS = 9
"""Key words of an entry (the IR's entry layout): every dimension and stride of a rank-5 map."""


def cached(encode: tirx.Evaluate) -> tirx.Stmt:
    """The statements that replace one ``Evaluate(tensormap_encode_tiled(...))`` (the encode
    itself where more than :data:`KEY_WORDS` of its operands are not constants)."""
    tensor_map, data, *operands = encode.value.args
    words = [operand for operand in operands if not isinstance(operand, tirx.IntImm)]
    if len(words) > KEY_WORDS:
        return encode
    slot = tirx.Var("tmap_slot", T.handle().ty)
    key = tirx.decl_buffer((KEY_WORDS,), "int64", name="tmap_key")
    args = [slot, tensor_map, data, key.data]
    store = tirx.Evaluate(tirx.call_extern("int32", STORE, *args))
    padded = [tirx.Cast("int64", word) for word in words] + [tirx.IntImm("int64", 0)] * (KEY_WORDS - len(words))
    return tirx.SeqStmt([
        tirx.Bind(slot, tirx.call_intrin(T.handle().ty, "tirx.tvm_static_handle")),
        tirx.DeclBuffer(key, data=T.tvm_stack_alloca("shape", KEY_WORDS)),
        *(tirx.BufferStore(key, word, [i]) for i, word in enumerate(padded)),
        tirx.IfThenElse(tirx.call_extern("int32", LOAD, *args) == 0, tirx.SeqStmt([encode, store]), None),
    ])


def encode_counter(host: tvm.target.Target) -> tirx.PrimFunc:
    """``def tvm_tma_tensor_map_cache_encodes() -> int64``, before MakePackedAPI, with the
    cache's LLVM IR imported (once per host module: here)."""
    body = tirx.AttrStmt(tirx.IntImm("int32", 0), "pragma_import_llvm", tvm.ir.StringImm(IR.read_text()),
                         tirx.Return(tirx.call_extern("int64", COUNT)))
    func = tirx.PrimFunc([], body, ret_type=tvm.ir.PrimType("int64"))
    return func.with_attrs({"global_symbol": ENCODES, "target": tvm.target.Target(host, host=host)})


def _llvm_host(func: tirx.PrimFunc) -> bool:
    """Whether ``func`` is compiled by TVM's LLVM CPU codegen (the one that imports LLVM IR)."""
    target = func.attrs.get("target") if func.attrs is not None else None
    return target is not None and target.kind.name == "llvm"


def _is_encode(stmt: tirx.Evaluate) -> bool:
    call = stmt.value
    return isinstance(call, tvm.ir.Call) and isinstance(call.op, tvm.ir.Op) and call.op.name == ENCODE


def CacheTensorMapEncodes() -> tvm.transform.Pass:  # noqa: N802 (TVM pass naming)
    """Put every tensor-map encode of the host PrimFuncs behind the descriptor cache and add
    :data:`ENCODES` (run after MakePackedAPI, once). Host code for another codegen than LLVM
    (``"c"``), and a module without encodes, are left as they are."""

    def on_evaluate(stmt: tirx.Evaluate, _mutator) -> tirx.Stmt:
        return cached(stmt) if _is_encode(stmt) else stmt

    @tvm.transform.module_pass(opt_level=0, name="tvm_tma.CacheTensorMapEncodes")
    def apply(mod: tvm.ir.IRModule, _ctx: tvm.transform.PassContext) -> tvm.ir.IRModule:
        funcs, host = {}, None
        for gv, func in mod.functions.items():
            if isinstance(func, tirx.PrimFunc) and _llvm_host(func):
                body = tvm_ffi.structural_mutate(func.body, (tirx.Evaluate, on_evaluate))
                if not body.same_as(func.body):
                    func, host = func.with_body(body), func.attrs["target"]
            funcs[gv] = func
        if host is None:
            return mod
        counter = tirx.transform.MakePackedAPI()(tvm.IRModule({tvm.ir.GlobalVar(ENCODES): encode_counter(host)}))
        return tvm.IRModule({**funcs, **dict(counter.functions.items())}, mod.attrs, mod.global_infos)

    return apply
