"""Swizzled shared tiles: the layout a swizzled tensor map writes, and every access made to agree.

A copy block marked with :func:`tvm_tma.schedule.swizzle` whose tile becomes a tensor copy
(:mod:`.copy_plan`) is loaded with a ``CUtensorMapSwizzle`` of span ``S`` bytes (32, 64 or
128). The hardware then writes the box permuted: within each run of 8 rows of ``S`` bytes, the
16-byte chunk ``k`` of row ``r`` lands at chunk ``k ^ (r % 8 * S / 128)``; in bytes from a
``8 * S``-aligned box start, ``b -> b ^ (((b >> 7) & (S / 16 - 1)) << 4)``. A tile row wider
than ``S`` (``C`` elements of ``e`` bytes, ``C * e = n * S``) is ``n`` boxes of ``S / e``
columns, stored one after the other. Reads of 8 rows at one column chunk (``ldmatrix``) then
hit 8 different bank groups: the tile needs no padded rows to be bank-conflict free.

:class:`SwizzledTile` is that layout, and :func:`rewrite_accesses` makes every other access of
the shared buffer use it: element loads and stores (``A_shared[v, r, c]`` keeps its logical
indices in the schedule and becomes the physical position here), ``address_of`` operands of
``cp.async`` (16-byte chunks stay contiguous) and of the tensor copies themselves (a box's
logical start is its physical start), and the ``tvm_access_ptr`` of ``ldmatrix`` (per-thread
rows of 16 bytes). Any other pointer access of a swizzled tile (a 1-D bulk copy, an
``access_ptr`` read by anything but ``ldmatrix``) could read across chunks, and raises
:class:`tvm_tma.TMAError` (rule ``swizzle_access``). A wgmma operand's descriptor request
(``tvm_tma.wgmma_descriptor``, :mod:`..tensor_cores.wgmma`) becomes the matrix descriptor of
this layout: the swizzle mode and byte offsets from the tile's span and box height, the start
where the operand's first element is.

TVM 0.27 has a related pass, ``s_tir.transform.InjectPermutedLayout`` (the
``permuted_layout`` block annotation, which MetaSchedule's tensor-core rules set); it runs
before software pipelining, so its copies reach the planner with XOR indices; they stay
per-thread copies (rule ``permuted_tile_cost``) unless the pipeline asks for tensor copies of
them (``permuted_tiles``). For rows of 64
or 128 bytes its permutation is the 64B or 128B swizzle: :mod:`.copy_plan` then plans such a copy
from its indices without the XOR, checks point by point that the permuted indices are
:meth:`SwizzledTile.physical` of the logical ones, and loads the tile with that swizzle, its
accesses left as they are (``prepermuted``). Wider rows (the permutation repeats every 128
bytes of a longer row, which no tensor map writes) stay per-thread copies.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import tvm
import tvm_ffi
from tvm import sym as arith
from tvm import tirx
from tvm.ir.expr import TensorLoad as BufferLoad

from ... import rules
from ...errors import TMAError
from .._ir import bind_loop, data_owner, elem_bytes, walk
from ..tensor_cores import wgmma

ANNOTATION = "tvm_tma.swizzle"
LDMATRIX = "tirx.ptx_legacy.ldmatrix"
STMATRIX = "tirx.ptx.stmatrix"
ACCESS_PTR = "tirx.tvm_access_ptr"
_BULK_1D = ("tirx.ptx.cp_async_bulk_g2s_cluster", "tirx.ptx.cp_async_bulk_s2g")


def choose_span(name: str, row_bytes: int, requested: int) -> int:
    """The swizzle span for a tile of ``row_bytes`` bytes per row: ``requested`` (32, 64 or
    128), or with ``requested == 0`` the widest span that tiles the row. Raises
    :class:`TMAError` (rule ``swizzle_row_bytes``) when no span fits."""
    spans = [s for s in rules.SWIZZLE_SPANS[1:] if row_bytes == s or row_bytes % 128 == 0 and s == 128]
    if requested and requested not in rules.SWIZZLE_SPANS[1:]:
        raise TMAError("swizzle_row_bytes", f"{name}: expected a swizzle span of 32, 64 or 128 "
                       f"bytes (or 0: choose), got {requested}")
    if not spans or requested and requested not in spans:
        what = f"a {requested}-byte swizzle" if requested else "a swizzle"
        raise TMAError("swizzle_row_bytes", f"{name}: expected tile rows of 32 or 64 bytes or a "
                       f"multiple of 128 bytes for {what}, got {row_bytes} bytes")
    return requested or spans[-1]


@dataclass(frozen=True)
class SwizzledTile:
    """The trailing ``tile_ndim`` dimensions of ``buffer`` (``rows`` x ``cols`` elements once
    the outer ones are flattened) hold a tile stored as swizzled boxes of ``span`` bytes per
    row; leading dimensions (pipeline versions) index whole tiles. ``padded``: the buffer
    ``buffer`` replaces, of the same shape with padded strides (:func:`dense_view`), whose
    flat offsets (``ldmatrix`` pointers) are converted to ``buffer``'s first. ``prepermuted``:
    the schedule's accesses already address this layout (``InjectPermutedLayout``), so none is
    rewritten."""

    buffer: tirx.Buffer
    tile_ndim: int
    rows: int
    cols: int
    span: int
    padded: tirx.Buffer | None = None
    prepermuted: bool = False

    @property
    def elem_bytes(self) -> int:
        return elem_bytes(self.buffer)

    @property
    def box_cols(self) -> int:
        """Elements per row of one box."""
        return self.span // self.elem_bytes

    @property
    def splits(self) -> int:
        """Boxes side by side in a tile row."""
        return self.cols // self.box_cols

    @property
    def align(self) -> int:
        """Bytes every box start must be aligned to: one period of the pattern, 8 rows."""
        return 8 * self.span

    def check(self) -> None:
        """Rule ``swizzle_tile``: boxes start at a period of the pattern."""
        if self.rows % rules.limit("swizzle_tile"):
            raise TMAError("swizzle_tile", f"{self.buffer.name}: expected a multiple of "
                           f"{rules.limit('swizzle_tile')} tile rows for a {self.span}-byte swizzle, "
                           f"got {self.rows}")

    def boxed(self, offset: tirx.PrimExpr) -> tirx.PrimExpr:
        """The element offset, from the tile's start, of logical element ``offset``
        (row-major ``rows`` x ``cols``) in the boxes side by side, before the swizzle."""
        w = self.box_cols
        row, col = tirx.floordiv(offset, self.cols), tirx.floormod(offset, self.cols)
        return tirx.floordiv(col, w) * (self.rows * w) + row * w + tirx.floormod(col, w)

    def physical(self, offset: tirx.PrimExpr, analyzer: arith.Analyzer | None = None) -> tirx.PrimExpr:
        """The element offset, from the tile's start, where logical element ``offset``
        (row-major ``rows`` x ``cols``) is stored.

        The XOR touches only bits 4-6 of the byte offset, so it is applied to the offset within
        the 128-byte segment: ``q * L + (r ^ chunk(q))`` for the offset ``q * L + r``, with ``L``
        elements per 128 bytes. Given loop ranges, ``q`` and ``r`` simplify to affine terms and
        the XOR operand to a thread-dependent constant, which keeps ldmatrix addressing cheap.
        With ``analyzer`` each of those terms is simplified as it is formed: simplifying the
        nested divisions at once costs the analyzer about a millisecond per access, and ends
        in a longer expression."""
        simplify = analyzer.simplify if analyzer is not None else (lambda expr: expr)
        boxed = simplify(self.boxed(offset))
        per_128 = 128 // self.elem_bytes  # elements per 128-byte segment
        seg, within = simplify(tirx.floordiv(boxed, per_128)), simplify(tirx.floormod(boxed, per_128))
        chunk = simplify(tirx.floormod(seg, self.span // 16) * (16 // self.elem_bytes))
        return seg * per_128 + tirx.bitwise_xor(within, chunk)

    def _tile_shape(self) -> list[tirx.PrimExpr]:
        return list(self.buffer.shape)[-self.tile_ndim:]

    def tile_offset(self, indices) -> tirx.PrimExpr:
        """The logical (row-major) element offset of ``buffer[indices]`` in its tile."""
        tile = list(indices)[-self.tile_ndim:]
        flat = tirx.const(0, str(tile[0].ty))
        for idx, extent in zip(tile, self._tile_shape()):
            flat = flat * extent + idx
        return flat

    def remap_indices(self, indices, analyzer: arith.Analyzer) -> list[tirx.PrimExpr]:
        """Physical indices of ``buffer[indices]`` (same shape, tile dimensions permuted)."""
        return self.indices_at(indices, self.physical(self.tile_offset(indices), analyzer), analyzer)

    def indices_at(self, indices, offset: tirx.PrimExpr, analyzer: arith.Analyzer) -> list[tirx.PrimExpr]:
        """The indices of element ``offset`` of the tile that ``buffer[indices]`` is in."""
        lead = list(indices)[:-self.tile_ndim]
        phys = analyzer.simplify(offset)
        out = []
        for extent in reversed(self._tile_shape()):
            out.append(analyzer.simplify(tirx.floormod(phys, extent)))
            phys = tirx.floordiv(phys, extent)
        return lead + out[::-1]

    def remap_offset(self, offset: tirx.PrimExpr, analyzer: arith.Analyzer) -> tirx.PrimExpr:
        """Physical element offset of logical element ``offset`` from the buffer's start (an
        offset into the ``padded`` buffer when there is one)."""
        if self.padded is not None:
            offset = analyzer.simplify(_dense_offset(offset, list(self.padded.shape), list(self.padded.strides)))
        size = self.rows * self.cols
        tile, within = analyzer.simplify(tirx.floordiv(offset, size)), analyzer.simplify(tirx.floormod(offset, size))
        return analyzer.simplify(tile * size + self.physical(within, analyzer))


def _dense_offset(offset: tirx.PrimExpr, shape: list, strides: list) -> tirx.PrimExpr:
    """The offset into a compact array of ``shape`` of the element at ``offset`` in the
    array of ``shape`` and (padded) ``strides``."""
    dense, rest = tirx.const(0, str(offset.ty)), offset
    for extent, stride in zip(shape, strides):
        index = tirx.floordiv(rest, stride)
        rest = tirx.floormod(rest, stride)
        dense = dense * extent + index
    return dense


@functools.lru_cache(maxsize=256)
def dense_view(buf: tirx.Buffer) -> tirx.Buffer:
    """``buf`` (a shared tile with padded strides) re-declared compact: the buffer an automatic
    swizzle stores the tile in. One per buffer, so that every plan of it names the same."""
    ty = buf.ty
    dense = tirx.BufferType(ty.dtype, ty.storage_scope, ty.shape, [], ty.elem_offset, ty.data_alignment,
                            ty.offset_factor, ty.layout, ty.allocated_addr)
    return tvm.tirx.buffer._ffi_api.BufferVar(buf.name, dense, None)


def padded_for_ldmatrix(body: tirx.Stmt) -> set:
    """Handles of the shared buffers with padded strides that ``body`` reads only through
    ``ldmatrix`` pointers: the padding of such a tile serves only to spread ``ldmatrix`` rows
    over the banks, which a swizzle does without it (``storage_align`` in TVM's and
    MetaSchedule's tensor-core schedules)."""
    candidates, other = {}, set()

    def on_buffer_read(load) -> None:
        buf = load.source
        if buf.scope() in ("shared", "shared.dyn"):
            other.add(buf.__chandle__())

    ldmatrix_ptrs = []

    def on_call(call) -> None:
        if not isinstance(call.op, tvm.ir.Op):
            return
        if call.op.name == LDMATRIX:
            ldmatrix_ptrs.append(call.args[5])
        elif call.op.name == ACCESS_PTR:
            owner = data_owner(call.args[1])
            if owner is not None and len(owner.strides) and owner.scope() in ("shared", "shared.dyn"):
                candidates.setdefault(owner.__chandle__(), []).append(call)

    walk(body, BufferLoad, on_buffer_read)
    walk(body, tvm.ir.Call, on_call)
    return {handle for handle, ptrs in candidates.items() if handle not in other
            and all(any(ptr.same_as(x) for x in ldmatrix_ptrs) for ptr in ptrs)}


def rewrite_accesses(body: tirx.Stmt, tiles: list[SwizzledTile]) -> tirx.Stmt:
    """``body`` with every access of the tiles' buffers at its physical position."""
    if not tiles:
        return body
    by_buffer = {tile.buffer.__chandle__(): tile for tile in tiles}
    analyzer = arith.Analyzer()

    walk(body, tirx.For, lambda loop: bind_loop(analyzer, loop))  # (loop variables are unique: all at once)

    def tile_of(buf) -> SwizzledTile | None:
        return by_buffer.get(buf.__chandle__()) if isinstance(buf, tirx.Var) else None

    def on_load(load, mutator):
        load = mutator.default_mutate(load)
        tile = tile_of(load.source)
        return tirx.BufferLoad(load.source, tile.remap_indices(load.indices, analyzer)) if tile else load

    def on_store(store, mutator):
        store = mutator.default_mutate(store)
        tile = tile_of(store.buffer)
        if tile is None:
            return store
        return tirx.BufferStore(store.buffer, store.value, tile.remap_indices(store.indices, analyzer))

    def on_call(call, mutator):
        name = call.op.name if isinstance(call.op, tvm.ir.Op) else ""
        if name == wgmma.DESCRIPTOR_OP:
            load = call.args[0].args[0]  # T.address_of(S[...])
            tile = tile_of(load.source)
            return wgmma_descriptor(tile, load, wgmma.Major(int(call.args[1])), analyzer) if tile else call
        tile = _access_ptr_tile(call.args[5], tile_of) if name == LDMATRIX else None
        if tile is not None:
            ptr = call.args[5]
            new_ptr = _at_offset(ptr, tile.remap_offset(ptr.args[2] + call.args[6], analyzer))
            args = [mutator.default_mutate(a) for a in call.args[:5]] + [new_ptr, tirx.const(0, str(call.args[6].ty))]
            return tvm.ir.Call(call.op, args + list(call.args[7:]), call.attrs, ret_ty=call.ty)
        ptr = stmatrix_pointer(call)
        tile = _access_ptr_tile(ptr, tile_of) if ptr is not None else None
        if tile is not None:  # the address of a 16-byte matrix row, which a chunk holds whole
            shared = call.args[0]
            new_ptr = _at_offset(ptr, tile.remap_offset(ptr.args[2], analyzer))
            new_shared = tvm.ir.Call(shared.op, [new_ptr], shared.attrs, ret_ty=shared.ty)
            return tvm.ir.Call(call.op, [new_shared] + [mutator.default_mutate(a) for a in call.args[1:]], call.attrs,
                               ret_ty=call.ty)
        tile = _access_ptr_tile(call, tile_of) if name == ACCESS_PTR else None
        if name in _BULK_1D:
            tile = next((t for t in map(tile_of, _loaded_buffers(call)) if t), None)
        if tile is not None:
            raise TMAError("swizzle_access", f"{tile.buffer.name}: expected element accesses, "
                           f"cp.async, tensor copies or ldmatrix of a swizzled tile, got {name}")
        return mutator.default_mutate(call)

    return tvm_ffi.structural_mutate(body, [(BufferLoad, on_load), (tirx.BufferStore, on_store),
                                            (tvm.ir.Call, on_call)])


def wgmma_descriptor(tile: SwizzledTile, start: BufferLoad, major, analyzer: arith.Analyzer) -> tirx.PrimExpr:
    """The wgmma matrix descriptor of the operand of ``tile`` whose logical first element is
    ``start`` (:mod:`..tensor_cores.wgmma`): its fields from the tile's span and box height, its
    start the element's position in the boxes, where the swizzle leaves the first line of a
    period."""
    boxed = tile.boxed(tile.tile_offset(start.indices))
    wgmma.check_start(tile.buffer.name, analyzer.simplify(boxed * tile.elem_bytes), tile.span, analyzer)
    descriptor = wgmma.describe(tile.span, tile.rows, major)
    flat = tirx.const(0, str(boxed.ty))
    for idx, extent in zip(tile.indices_at(start.indices, boxed, analyzer), tile.buffer.shape):
        flat = flat * extent + idx
    # An access pointer, not address_of: MergeSharedMemoryAllocations sees the buffer used here.
    return descriptor.encode(tile.buffer.access_ptr("r", offset=analyzer.simplify(flat)))


def stmatrix_pointer(call: tvm.ir.Call) -> tvm.ir.Call | None:
    """The ``tvm_access_ptr`` an ``stmatrix`` call stores through (its address operand is
    ``cvta_generic_to_shared(access_ptr)``), ``None`` for any other call."""
    if not (isinstance(call.op, tvm.ir.Op) and call.op.name == STMATRIX):
        return None
    address = call.args[0]
    ptr = address.args[0] if isinstance(address, tvm.ir.Call) and len(address.args) == 1 else None
    return ptr if isinstance(ptr, tvm.ir.Call) and isinstance(ptr.op, tvm.ir.Op) and ptr.op.name == ACCESS_PTR else None


def _at_offset(ptr: tvm.ir.Call, offset: tirx.PrimExpr) -> tvm.ir.Call:
    """The ``tvm_access_ptr`` ``ptr`` with element offset ``offset``."""
    return tvm.ir.Call(ptr.op, [*ptr.args[:2], offset, *ptr.args[3:]], ptr.attrs, ret_ty=ptr.ty)


def _access_ptr_tile(expr, tile_of) -> SwizzledTile | None:
    """The swizzled tile a ``tvm_access_ptr`` call points into, if any."""
    if not (isinstance(expr, tvm.ir.Call) and isinstance(expr.op, tvm.ir.Op) and expr.op.name == ACCESS_PTR):
        return None
    owner = data_owner(expr.args[1])
    return tile_of(owner) if owner is not None else None


def _loaded_buffers(node) -> list:
    found = []
    walk(node, BufferLoad, lambda load: found.append(load.source))
    return found
