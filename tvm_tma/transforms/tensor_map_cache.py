"""A host-side cache of tensor-map descriptors, so that a launch with the same buffer does not
encode its ``CUtensorMap`` again.

TVM 0.27 lowers ``tensormap_encode_tiled`` (see :mod:`.tensor_map`) to a call of the packed
function ``runtime.cuTensorMapEncodeTiled``, which encodes on every call of the host function.
:func:`CacheTensorMapEncodes` (the pipeline ``"tma_tensor_map_cache"``) turns each encode into
a direct call of ``__tvm_ffi_tvm_tma_tensor_map_encode`` with the same arguments::

    T.tensormap_encode_tiled(A_tmap, A.data, 256, 256, 1024, 64, 16, 1, 1,
                             descriptor_dtype="float32", rank=2)
    # becomes
    T.call_cpacked("__tvm_ffi_tvm_tma_tensor_map_encode", A_tmap, "float32", 2, A.data,
                   256, 256, 1024, 64, 16, 1, 1, 0, 0, 0, 0)

That function (``tensor_map_cache.cc``, C++) keys a table of 256 descriptors (64 sets of 4,
behind one mutex) on every argument after the map (data pointer, dtype, dimensions, strides,
box, element strides and options: everything the encode reads), copies the cached 128 bytes
into the caller's map on a hit, and calls ``runtime.cuTensorMapEncodeTiled`` on a miss (failed
encodes raise as before and are not cached). Each call writes only its own map, a stack slot
of the calling host function, so threads calling one library with different buffers each get
their own descriptor. The descriptor still travels by value as the kernel's
``__grid_constant__`` parameter, as without the cache.

The C++ source must be linked into the library: :func:`attach` imports it into an executable
as a C source module, which ``export_library`` compiles and links like any other (TVM's way of
linking external C code; the host code calls it directly, not through the global function
registry, so every library has its own table and none outlives its library).
:func:`tvm_tma.codegen.compile_sm90a` attaches it; after a plain ``tvm.compile``, call
``attach(executable)`` before ``export_library``. A library exported without it ends the
process at its first call (undefined symbol, resolved lazily). Only exported libraries can run
with the cache: the in-memory executable of ``tvm.compile`` cannot resolve the symbol.
"""

from __future__ import annotations

import pathlib

import tvm
import tvm_ffi
from tvm import tirx

from .tensor_map import ENCODE

SYMBOL = "__tvm_ffi_tvm_tma_tensor_map_encode"
"""The function the host code calls (a library's ``mod["tvm_tma_tensor_map_encode"]``)."""
ENCODES = "tvm_tma_tensor_map_cache_encodes"
"""``mod[ENCODES]()``: the number of descriptors a loaded library has encoded (cache misses)."""
SOURCE = pathlib.Path(__file__).with_name("tensor_map_cache.cc")


def cached_encode(call: tvm.ir.Call) -> tvm.ir.Call:
    """The ``tvm_call_cpacked`` of :data:`SYMBOL` for a ``tensormap_encode_tiled`` call, with the
    arguments TVM passes to ``runtime.cuTensorMapEncodeTiled``."""
    attrs, (tensor_map, *operands) = call.attrs, list(call.args)
    options = [int(attrs.interleave), int(attrs.swizzle), int(attrs.l2_promotion), int(attrs.oob_fill)]
    if int(attrs.force_cu_dtype) >= 0:
        options.append(int(attrs.force_cu_dtype))
    return tirx.call_cpacked(SYMBOL, tensor_map, tvm.ir.StringImm(str(attrs.descriptor_dtype)),
                             tirx.IntImm("int32", int(attrs.rank)), *operands,
                             *(tirx.IntImm("int32", v) for v in options))


def CacheTensorMapEncodes() -> tvm.transform.Pass:  # noqa: N802 (TVM pass naming)
    """Replace every ``tensormap_encode_tiled`` with :func:`cached_encode` (run after
    SplitHostDevice: the encodes are in the host functions)."""

    def on_call(call: tvm.ir.Call, mutator) -> tvm.ir.Call:
        call = mutator.default_mutate(call)
        return cached_encode(call) if isinstance(call.op, tvm.ir.Op) and call.op.name == ENCODE else call

    def transform(func: tirx.PrimFunc, _mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        return func.with_body(tvm_ffi.structural_mutate(func.body, (tvm.ir.Call, on_call)))

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.CacheTensorMapEncodes")


def attach(executable) -> bool:
    """Import the cache's C++ source into ``executable`` (a ``tvm.compile`` result) when its host
    code calls :data:`SYMBOL` and it is not there yet; returns whether it imported it."""
    root = executable.mod
    libs = root._collect_dso_modules()  # the host code and C sources export_library links
    if not any(m.kind == "llvm" and SYMBOL in m.inspect_source("ll") for m in libs):
        return False
    if any(m.kind == "c" and SYMBOL in m.inspect_source() for m in libs):
        return False
    create = tvm.get_global_func("runtime.CSourceModuleCreate")
    root.import_module(create(SOURCE.read_text(), "cc", [SYMBOL, f"__tvm_ffi_{ENCODES}"], []))
    return True
