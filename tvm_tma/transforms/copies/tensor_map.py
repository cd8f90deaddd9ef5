"""Tensor maps: the ``CUtensorMap`` descriptors of ``cp.async.bulk.tensor``, encoded on the host.

:mod:`.copy_plan` decides when a copy uses a tensor map (a tile of more than one contiguous
run, or a tile at the buffer's edge); this module builds the descriptor: a
:class:`TensorMapSpec` in the field order of the CUDA driver API's ``cuTensorMapEncodeTiled``,
checked against the ``tensor_map_*`` rules of :mod:`tvm_tma.rules` (static values raise
:class:`tvm_tma.TMAError`, which the planner turns into a reported fallback; dynamic ones
become host-side asserts naming the rule), one descriptor per (buffer, box, swizzle, ...)
per PrimFunc (:class:`TensorMaps`), encoded in the host part of the PrimFunc::

    with T.sblock("root"):                                # the PrimFunc's body
        T.Assert(n * 4 % 16 == 0, "tensor_map_global_stride: A: ...")   # dynamic values only
        A_tmap = T.Bind(T.tvm_stack_alloca("tensormap", 1))
        T.tensormap_encode_tiled(A_tmap, A.data, n, 1000, n * 4, 64, 16, 1, 1,   # innermost first
                                 descriptor_dtype="float32", rank=2)
        for blockIdx_x in T.thread_binding(...):          # the kernel reads it by address:
            ... T.ptx.prefetch.tensormap(T.address_of(A_tmap))          # once per CTA
            ... T.ptx["cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"](
                    T.address_of(A_shared[v, 0, 0]), T.address_of(A_tmap), c0, r0, T.address_of(bar[v]))

Reused from TVM 0.27, not written here: ``tvm_stack_alloca("tensormap")`` and the
``tensormap_encode_tiled`` op, which the host codegen lowers to the packed function
``runtime.cuTensorMapEncodeTiled`` (libtvm_runtime_cuda.so; it encodes into a stack slot of
the host function at every call: :mod:`.tensor_map_cache` puts it behind a per-call-site
cache); SplitHostDevice + the CUDA codegen, which turn a kernel's ``T.address_of(map)`` into
a ``const __grid_constant__ CUtensorMap`` kernel parameter passed by value (so the 64-byte
descriptor alignment holds by construction); the PTX ops ``cp.async.bulk.tensor.*`` and
``prefetch.tensormap``. Written here: the spec and its rule checks, the dedup, the host
asserts, where the encode goes, the prefetch, and raising the shared tile's alignment.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass

import tvm
from tvm import s_tir, tirx
from tvm import sym as arith
from tvm.script import tirx as T

from ... import rules
from ...errors import TMAError
from .. import ptx
from .._ir import elem_bytes, realign, substitute, walk
from .swizzle import SwizzledTile, padded_for_ldmatrix, rewrite_accesses

ENCODE = "tirx.tensormap_encode_tiled"
G2S_TENSOR = "tirx.ptx.cp_async_bulk_tensor_g2s_cluster"
S2G_TENSOR = "tirx.ptx.cp_async_bulk_tensor_s2g"


class DataType(enum.IntEnum):
    """``CUtensorMapDataType`` (the ones TVM 0.27's runtime derives from a tensor dtype)."""

    UINT8 = 0
    UINT16 = 1
    UINT32 = 2
    INT32 = 3
    UINT64 = 4
    INT64 = 5
    FLOAT16 = 6
    FLOAT32 = 7
    FLOAT64 = 8
    BFLOAT16 = 9


# TVM dtype -> the CUtensorMapDataType runtime.cuTensorMapEncodeTiled picks for it (int8
# travels as UINT8: a copy does not look at the bits).
_DATA_TYPES = {
    "int8": DataType.UINT8, "uint8": DataType.UINT8, "uint16": DataType.UINT16,
    "int32": DataType.INT32, "uint32": DataType.UINT32, "int64": DataType.INT64,
    "uint64": DataType.UINT64, "float16": DataType.FLOAT16, "bfloat16": DataType.BFLOAT16,
    "float32": DataType.FLOAT32, "float64": DataType.FLOAT64,
}


class Interleave(enum.IntEnum):
    """``CUtensorMapInterleave`` (tvm-tma uses NONE)."""

    NONE = 0


class Swizzle(enum.IntEnum):
    """``CUtensorMapSwizzle``: how the box's rows are permuted in shared memory."""

    NONE = 0
    B32 = 1
    B64 = 2
    B128 = 3

    @property
    def span(self) -> int:
        """Bytes of one swizzled row (0 for NONE)."""
        return rules.SWIZZLE_SPANS[self]

    @classmethod
    def of_span(cls, span: int) -> Swizzle:
        """The swizzle of ``span`` bytes per row."""
        return cls(rules.SWIZZLE_SPANS.index(span))


class L2Promotion(enum.IntEnum):
    """``CUtensorMapL2promotion``."""

    NONE = 0
    L2_64B = 1
    L2_128B = 2
    L2_256B = 3


class OOBFill(enum.IntEnum):
    """``CUtensorMapFloatOOBfill``: NONE fills out-of-bounds elements of a load with zeros."""

    NONE = 0
    NAN_REQUEST_ZERO_FMA = 1


@dataclass(frozen=True)
class TensorMapSpec:
    """One ``cuTensorMapEncodeTiled`` call, fields in the driver API's order.

    ``buffer`` stands for ``globalAddress`` (its data pointer); dimensions, strides and box are
    innermost first, as the driver takes them; ``global_strides`` are bytes, for dimensions
    ``1 .. rank-1``.
    """

    data_type: DataType
    rank: int
    buffer: tirx.Buffer
    global_dims: tuple[tirx.PrimExpr, ...]
    global_strides: tuple[tirx.PrimExpr, ...]
    box_dims: tuple[int, ...]
    element_strides: tuple[int, ...]
    interleave: Interleave = Interleave.NONE
    swizzle: Swizzle = Swizzle.NONE
    l2_promotion: L2Promotion = L2Promotion.NONE
    oob_fill: OOBFill = OOBFill.NONE

    @property
    def key(self) -> tuple:
        """What makes two descriptors of one PrimFunc the same (dims and strides follow from
        the buffer)."""
        return (_handle(self.buffer), self.data_type, self.box_dims, self.element_strides,
                self.interleave, self.swizzle, self.l2_promotion, self.oob_fill)

    @property
    def box_bytes(self) -> int:
        """Bytes one tensor copy moves into shared memory (and completes on its mbarrier),
        out-of-bounds elements included: the hardware fills them and counts them."""
        return math.prod(self.box_dims) * elem_bytes(self.buffer)

    @property
    def shared_align(self) -> int:
        """The alignment the shared box needs (rule ``tensor_map_shared_align``): a period of
        the swizzle pattern (8 rows of its span) when swizzled."""
        return max(8 * self.swizzle.span, rules.limit("tensor_map_shared_align"))

    def encode(self, var: tirx.Var) -> list[tirx.Stmt]:
        """``var = tvm_stack_alloca("tensormap", 1); tensormap_encode_tiled(var, ...)``."""
        call = T.tensormap_encode_tiled(
            var, self.buffer.data, *self.global_dims, *self.global_strides, *self.box_dims,
            *self.element_strides, descriptor_dtype=str(self.buffer.dtype), rank=self.rank,
            interleave=int(self.interleave), swizzle=int(self.swizzle),
            l2_promotion=int(self.l2_promotion), oob_fill=int(self.oob_fill))
        return [tirx.Bind(var, T.tvm_stack_alloca("tensormap", 1)), tirx.Evaluate(call)]

    def host_checks(self) -> list[tirx.Stmt]:
        """Asserts for the rules whose values are only known at run time: dynamic strides
        and (int64) dimensions. The base pointer (rule ``tensor_map_global_align``) needs
        none of ours: :func:`make_spec` requires ``buffer.data_alignment`` >= 16 and TVM's
        MakePackedAPI asserts every argument's pointer is aligned to that (a host assert
        over ``reinterpret(A.data)`` of our own breaks TVM 0.27's FP8StorageLegalize)."""
        name, analyzer = self.buffer.name, arith.Analyzer()
        checks = []

        def check(rule: str, cond: tirx.PrimExpr, what: str) -> None:
            if not analyzer.can_prove(cond):
                checks.append(_assert(cond, f"{rule}: {name}: {what}"))

        unit = rules.limit("tensor_map_global_stride")
        for dim, stride in zip(range(1, self.rank), self.global_strides):
            check("tensor_map_global_stride", tirx.floormod(stride, unit) == 0,
                  f"expected the stride of dimension {dim} (innermost 0) to be a multiple of "
                  f"{unit} bytes (tensor map of a tile copy)")
        for dim, extent in enumerate(self.global_dims):
            if str(extent.ty) == "int64":
                check("tensor_map_global_dim", extent <= rules.limit("tensor_map_global_dim"),
                      f"expected dimension {dim} (innermost 0) of at most 2^32 elements")
        return checks


def _assert(cond: tirx.PrimExpr, message: str) -> tirx.Stmt:
    """A host-side ``assert cond, message`` raising ValueError (TVM 0.27's Python
    ``AssertStmt`` names its first two parameters kind, condition, but the constructor takes
    the condition first)."""
    return tirx.AssertStmt(cond, tvm.ir.StringImm("ValueError"), [tvm.ir.StringImm(message)])


def _handle(obj) -> int:
    return obj.__chandle__()


def _static(expr) -> int | None:
    return int(expr) if isinstance(expr, tirx.IntImm) else None


def make_spec(buffer: tirx.Buffer, strides: Sequence[tirx.PrimExpr], box: Sequence[int],
              swizzle: Swizzle = Swizzle.NONE) -> TensorMapSpec:
    """The tensor map of ``buffer`` (element ``strides`` and tile ``box`` outermost first, as
    in the IR) with its static rules checked; raises :class:`TMAError` naming the rule."""
    name, esize = buffer.name, elem_bytes(buffer)
    data_type = _DATA_TYPES.get(str(buffer.dtype))
    if data_type is None:
        raise TMAError("tensor_map_dtype", f"{name}: expected one of {sorted(_DATA_TYPES)}, got "
                       f"{buffer.dtype}")
    rank = len(buffer.shape)
    if not 1 <= rank <= rules.limit("tensor_map_rank"):
        raise TMAError("tensor_map_rank", f"{name}: expected 1 to {rules.limit('tensor_map_rank')} "
                       f"dimensions, got {rank}")
    if not arith.Analyzer().can_prove_equal(buffer.elem_offset, 0):
        raise TMAError("tensor_map_global_align", f"{name}: expected the tile's buffer to start at "
                       f"its data pointer, got an element offset of {buffer.elem_offset}")
    if buffer.data_alignment < rules.limit("tensor_map_global_align"):
        raise TMAError("tensor_map_global_align", f"{name}: expected a data pointer aligned to "
                       f"{rules.limit('tensor_map_global_align')} bytes, got {buffer.data_alignment}")
    for extent in box:
        if not 1 <= extent <= rules.limit("tensor_map_box_dim"):
            raise TMAError("tensor_map_box_dim", f"{name}: expected box dimensions of 1 to "
                           f"{rules.limit('tensor_map_box_dim')} elements, got {list(box)}")
    inner = box[-1] * esize
    unit = rules.limit("tensor_map_inner_box_bytes")
    if inner % unit:
        raise TMAError("tensor_map_inner_box_bytes", f"{name}: expected the innermost box dimension "
                       f"to be a multiple of {unit} bytes, got {box[-1]} x {esize} = {inner} bytes")
    if swizzle != Swizzle.NONE and inner > swizzle.span:
        raise TMAError("tensor_map_swizzle_span", f"{name}: expected the innermost box dimension to "
                       f"be at most {swizzle.span} bytes ({swizzle.name}), got {inner} bytes")
    for extent in buffer.shape:
        static = _static(extent)
        if static is not None and not 1 <= static <= rules.limit("tensor_map_global_dim"):
            raise TMAError("tensor_map_global_dim", f"{name}: expected dimensions of 1 to 2^32 "
                           f"elements, got {list(buffer.shape)}")
    byte_strides = [tvm.sym.Analyzer().simplify(s * esize) for s in strides[:-1]]
    for stride in byte_strides:
        static = _static(stride)
        if static is not None and (static % rules.limit("tensor_map_global_stride") or static >= 1 << 40):
            raise TMAError("tensor_map_global_stride", f"{name}: expected strides that are multiples "
                           f"of {rules.limit('tensor_map_global_stride')} bytes (below 2^40), got "
                           f"{[str(s) for s in byte_strides]} bytes")
    element_strides = (1,) * rank  # every element of the box: within rule tensor_map_element_stride
    return TensorMapSpec(data_type, rank, buffer, tuple(buffer.shape[::-1]), tuple(byte_strides[::-1]),
                         tuple(int(b) for b in box[::-1]), element_strides, swizzle=swizzle)


def check_shared_box(spec: TensorMapSpec, shared: tirx.Buffer, offset_bytes: tirx.PrimExpr) -> None:
    """Rule ``tensor_map_shared_align`` for a box at ``offset_bytes`` into ``shared``: the
    offset must provably be a multiple of the alignment (the buffer's own alignment is raised
    when the map is used; :func:`.align_shared.AlignSharedMemory` carries it
    over to merged shared memory)."""
    align = spec.shared_align
    mod = arith.Analyzer().modular_set(offset_bytes)
    if mod.coeff % align or mod.base % align:
        raise TMAError("tensor_map_shared_align", f"{shared.name}: expected the box to start at a "
                       f"multiple of {align} bytes, got offset {offset_bytes} bytes")


class TensorMaps:
    """The tensor maps of one PrimFunc: one variable per :attr:`TensorMapSpec.key`, the ones an
    earlier pass encoded included (read back from the host part), and the shared buffers whose
    alignment must be raised for the boxes copied into them."""

    def __init__(self, func: tirx.PrimFunc):
        self.params = {_handle(param) for param in func.params}
        self.vars: dict[tuple, tirx.Var] = {key: var for var, key, _ in encoded_maps(func.body)}
        self.new: list[tuple[TensorMapSpec, tirx.Var]] = []
        self.used: list[tirx.Var] = []
        self.aligned: dict[int, tuple[tirx.Buffer, int]] = {}
        self.swizzled: dict[int, SwizzledTile] = {}
        self.unpaddable = padded_for_ldmatrix(func.body)

    def may_unpad(self, shared: tirx.Buffer) -> bool:
        """Whether ``shared``'s padding may give way to a swizzle (:func:`.swizzle.padded_for_ldmatrix`)."""
        return shared.__chandle__() in self.unpaddable

    def describes(self, buf: tirx.Buffer) -> bool:
        """Whether a tensor map of ``buf`` can be encoded on the host (it is a parameter)."""
        return _handle(buf) in self.params

    def var(self, spec: TensorMapSpec, shared: tirx.Buffer) -> tirx.Var:
        """The map of ``spec`` (encoded once per PrimFunc) for a box copied to or from ``shared``."""
        if spec.key not in self.vars:
            var = tirx.Var(f"{spec.buffer.name}_tmap{len(self.vars)}", T.handle("tensormap").ty)
            self.vars[spec.key] = var
            self.new.append((spec, var))
        old = self.aligned.get(_handle(shared), (shared, 0))
        self.aligned[_handle(shared)] = (shared, max(old[1], spec.shared_align))
        var = self.vars[spec.key]
        if not any(var.same_as(v) for v in self.used):
            self.used.append(var)
        return var

    def swizzle(self, tile: SwizzledTile) -> None:
        """Record that ``tile.buffer`` is loaded swizzled (:meth:`apply` rewrites its accesses)."""
        old = self.swizzled.setdefault(_handle(tile.buffer), tile)
        if (old.tile_ndim, old.rows, old.cols, old.span) != (tile.tile_ndim, tile.rows, tile.cols, tile.span):
            raise TMAError("swizzle_access", f"{tile.buffer.name}: expected one swizzled layout, got "
                           f"{old.span}-byte and {tile.span}-byte boxes")

    def checkpoint(self) -> tuple:
        """The state to :meth:`restore` when a lowering that made maps is abandoned."""
        return dict(self.vars), list(self.new), list(self.used), dict(self.aligned), dict(self.swizzled)

    def restore(self, state: tuple) -> None:
        """Forget the maps, alignments and swizzles recorded since :meth:`checkpoint`."""
        vars_, new, used, aligned, swizzled = state
        self.vars, self.new, self.used = dict(vars_), list(new), list(used)
        self.aligned, self.swizzled = dict(aligned), dict(swizzled)

    def take_used(self) -> list[tirx.Var]:
        """The maps :meth:`var` handed out since the last call (a kernel's, to prefetch)."""
        used, self.used = self.used, []
        return used

    def apply(self, func: tirx.PrimFunc, body: tirx.Stmt) -> tirx.PrimFunc:
        """``func`` with ``body``, in which the new maps are encoded in its host part, padded
        tiles that a swizzle replaced compact, the accesses of swizzled tiles at their physical
        positions, and its shared tiles aligned."""
        tiles = list(self.swizzled.values())
        body = substitute(body, {t.padded: t.buffer for t in tiles if t.padded is not None})
        body = rewrite_accesses(body, tiles)
        body = realign(body, [(buf, a) for buf, a in self.aligned.values() if buf.data_alignment < a])
        host = [stmt for spec, var in self.new for stmt in spec.host_checks() + spec.encode(var)]
        if host and isinstance(body, s_tir.SBlockRealize):
            block = body.block
            new_block = s_tir.SBlock(block.iter_vars, block.reads, block.writes, block.name_hint,
                                     tirx.SeqStmt(host + [block.body]), block.init, block.alloc_buffers,
                                     block.match_buffers, block.annotations)
            body = s_tir.SBlockRealize(body.iter_values, body.predicate, new_block)
        elif host:
            body = tirx.SeqStmt(host + [body])
        return func.with_body(body)


def prefetch(maps: Sequence[tirx.Var]) -> list[tirx.Stmt]:
    """``prefetch.tensormap [map]`` for each of ``maps`` (for the thread that sets up barriers)."""
    return [tirx.Evaluate(ptx.op("prefetch.tensormap")(T.address_of(var))) for var in maps]


def encoded_maps(body: tirx.Stmt) -> list[tuple[tirx.Var, tuple, int]]:
    """The maps ``body`` encodes: ``(variable, key, box bytes)`` per ``tensormap_encode_tiled``."""
    found = []

    def on_call(call):
        if isinstance(call.op, tvm.ir.Op) and call.op.name == ENCODE:
            rank, args = int(call.attrs.rank), list(call.args)
            box = tuple(int(b) for b in args[1 + 2 * rank:1 + 3 * rank])
            element_strides = tuple(int(s) for s in args[1 + 3 * rank:1 + 4 * rank])
            dtype = tvm.DataType(str(call.attrs.descriptor_dtype))
            key = (_handle(args[1].args[0]), _DATA_TYPES.get(str(dtype)), box, element_strides,
                   Interleave(int(call.attrs.interleave)), Swizzle(int(call.attrs.swizzle)),
                   L2Promotion(int(call.attrs.l2_promotion)), OOBFill(int(call.attrs.oob_fill)))
            found.append((args[0], key, math.prod(box) * dtype.bits // 8))

    walk(body, tvm.ir.Call, on_call)
    return found


def map_var(operand: tirx.PrimExpr) -> tirx.Var:
    """The map variable in a tensor op's map operand (``reinterpret(address_of(map))``)."""
    found = []
    walk(operand, tirx.Var, found.append)
    return found[0]
