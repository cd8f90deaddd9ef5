"""wgmma operands in shared memory: the matrix descriptor of a swizzled tile, and the ops.

``wgmma.mma_async`` (PTX ISA 9.7.15.5) reads its shared-memory operands through 64-bit
matrix descriptors. The tensor intrinsics (:mod:`tvm_tma.tensor_intrin`) do not encode them:
they leave ``tvm_tma.wgmma_descriptor(T.address_of(S[v, r0, c0]), major)`` in the IR, the
logical start of the operand and whether it is K-major (``A[m, k]`` with ``k`` contiguous) or
MN-major (``B[k, n]`` with ``n`` contiguous). The layout of ``S`` is decided later, when the
copy that fills it becomes a swizzled tensor copy (:mod:`..copies.copy_plan`: the span ``S``
bytes that :func:`..copies.swizzle.choose_span` picked for the tensor map);
:func:`..copies.swizzle.rewrite_accesses` then replaces each descriptor request by
:func:`lower_descriptor` of that same :class:`..copies.swizzle.SwizzledTile`: one decision gives
the tensor map's ``CUtensorMapSwizzle`` and the descriptor's swizzle mode, leading and stride
byte offsets.

**The layout the tensor copy writes** (``SwizzledTile``, ``e`` bytes per element, ``w = S / e``
elements per box row): a tile of ``R`` rows and ``C`` columns is ``C / w`` boxes side by side,
box ``b`` holding columns ``[b w, (b + 1) w)`` of every row, stored one after the other
(``R * S`` bytes each); within a box, row ``r`` is ``S`` bytes at ``r * S``, and the 16-byte
chunk ``q`` of the 128-byte line ``L`` is stored at chunk ``q ^ (L % (S / 16))``. In bytes
from the tile start (aligned to ``8 S``)::

    o(r, c) = (c // w) * R * S + r * S + (c % w) * e          # before the swizzle
    addr    = o ^ (((o >> 7) & (S / 16 - 1)) << 4)            # 128B: bits 4-6 ^= bits 7-9

**The canonical layouts the descriptor describes** (PTX ISA 9.7.15.5.1.2, Shared Memory
Matrix Layout; CUTLASS ``make_gmma_desc``), for one ``m64nNk16`` operand of ``MN`` rows (64
for A, N for B) and ``K = 16`` elements (32 bytes), swizzle mode of span ``S``, start ``s``;
the hardware applies the same XOR to the address it computes::

    K-major  (A[m, k], B^T[n, k]):  o = s + (mn % 8) * S + (mn // 8) * SBO + k * e
    MN-major (B[k, n]):             o = s + (mn % w) * e + (mn // w) * LBO + (k % 8) * S + (k // 8) * SBO

**Why they agree.** A K-major operand is rows ``r0 .. r0 + MN`` of a tile whose rows are the
MN dimension, columns ``c0 .. c0 + 16`` (within one box: 32 bytes divide ``S``): with
``s = o(r0, c0)``, rows are ``S`` apart and 8 rows ``8 S`` apart, so ``SBO = 8 S``; the
leading offset is unused (the 32 bytes of K lie in one swizzled row) and set to 16 bytes
("assumed 1", as CUTLASS). An MN-major operand is rows (K) ``r0 .. r0 + 16`` of a tile whose
columns are the MN dimension: ``w`` consecutive columns share a box row, the next ``w`` are the
next box, ``R * S`` bytes on, so ``LBO = R * S``; K rows are ``S`` apart and 8 of them ``8 S``,
so ``SBO = 8 S``. Both need the start at the first 128-byte line of a pattern period (``r0`` a
multiple of 8, ``(s mod 8 S) < 128``), so that the descriptor's base offset is 0 (PTX ISA
9.7.15.5.1.2.2, Matrix Descriptor Format). ``tests/transforms/test_wgmma.py`` evaluates both
mappings on every element of small tiles for each span.

**Encoding** (PTX ISA 9.7.15.5.1.2.2): bits 0-13 ``(start & 0x3FFFF) >> 4``, 16-29
``LBO >> 4``, 32-45 ``SBO >> 4``, 49-51 base offset (0), 62-63 the swizzle mode
(:class:`LayoutType`). Raises :class:`tvm_tma.TMAError` (``wgmma_descriptor_align``) when the
start cannot be proven to satisfy the above.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import tvm
import tvm_ffi
from tvm import sym as arith
from tvm import tirx
from tvm.script import tirx as T

from ...errors import TMAError

DESCRIPTOR_OP = "tvm_tma.wgmma_descriptor"
FENCE = "tirx.ptx.wgmma_fence"
COMMIT = "tirx.ptx.wgmma_commit_group"
WAIT = "tirx.ptx.wgmma_wait_group"
K_BYTES = 32
"""Bytes of K one ``wgmma.mma_async`` reads per row of an operand (16 elements of 16 bits)."""



def _register_descriptor_op() -> None:
    """Register ``tvm_tma.wgmma_descriptor`` (pure: a function of an address), once; a
    descriptor request that reaches CUDA's intrinsic lowering (a pipeline other than
    ``"tma"``, which resolves every one) raises ``wgmma_operand_layout`` naming the fix."""
    if DESCRIPTOR_OP not in tvm.ir.Op.list_op_names():
        tvm.ir.register_op_attr(DESCRIPTOR_OP, "TCallEffectKind", tvm.tirx.CallEffectKind.Pure.value)
        tvm.tirx.register_intrin_lowering(DESCRIPTOR_OP, target="cuda", f=_unresolved_descriptor, level=10)


def _unresolved_descriptor(call: tvm.ir.Call) -> tvm.ir.Call:
    raise TMAError("wgmma_operand_layout", f"wgmma operand {call.args[0].args[0].source.name}: expected its "
                   "matrix descriptor resolved from the swizzled tile its tensor copy loads, which only "
                   "tir_pipeline='tma' does: compile with tvm.compile(..., tir_pipeline='tma')")


_register_descriptor_op()


class Major(enum.IntEnum):
    """Which dimension of an operand is contiguous: ``K`` (no transpose) or ``MN``."""

    K = 0
    MN = 1


class LayoutType(enum.IntEnum):
    """The swizzle mode of a wgmma matrix descriptor (bits 62-63), by span."""

    INTERLEAVE = 0
    B128 = 1
    B64 = 2
    B32 = 3

    @classmethod
    def of_span(cls, span: int) -> LayoutType:
        return {128: cls.B128, 64: cls.B64, 32: cls.B32}[span]


def is_mma(name: str) -> bool:
    """Whether ``name`` is the op of a ``wgmma.mma_async`` (any type, SS or RS form)."""
    return name.startswith("tirx.ptx.wgmma_") and name.endswith(("_ss", "_rs"))


def contains_mma(node) -> bool:
    """Whether ``node`` issues a ``wgmma.mma_async``."""
    found = []
    tvm_ffi.structural_walk(node, (tvm.ir.Call, lambda c: found.append(isinstance(c.op, tvm.ir.Op)
                                                                        and is_mma(c.op.name))))
    return any(found)


def wait_group(pending: int) -> tirx.Stmt:
    """``wgmma.wait_group pending``: all but the ``pending`` most recent groups complete."""
    return tirx.Evaluate(T.ptx.wgmma.wait_group.sync.aligned(pending))


def descriptor_request(start: tirx.PrimExpr, major: Major) -> tirx.PrimExpr:
    """The descriptor of the operand that starts at ``start`` (``T.address_of(S[...])``)."""
    return tirx.call_intrin("uint64", DESCRIPTOR_OP, start, int(major))


@dataclass(frozen=True)
class MatrixDescriptor:
    """The fields of a wgmma matrix descriptor besides its start address (bytes)."""

    layout: LayoutType
    leading_bytes: int
    stride_bytes: int

    @property
    def fields(self) -> int:
        """Bits 16-63: leading offset, stride offset, layout type (base offset 0)."""
        return (self.leading_bytes >> 4) << 16 | (self.stride_bytes >> 4) << 32 | int(self.layout) << 62

    def encode(self, start: tirx.PrimExpr) -> tirx.PrimExpr:
        """The 64-bit descriptor of the operand at the shared address ``start``."""
        addr = T.cuda.cvta_generic_to_shared(start)
        low = tirx.bitwise_and(tirx.shift_right(addr, T.uint32(4)), T.uint32(0x3FFF))
        return tirx.bitwise_or(tirx.Cast("uint64", low), tirx.const(self.fields, "uint64"))


def describe(span: int, box_rows: int, major: Major) -> MatrixDescriptor:
    """The descriptor fields of an operand in a swizzled tile of ``span``-byte box rows,
    ``box_rows`` rows per box (see the module docstring)."""
    if major == Major.K:
        return MatrixDescriptor(LayoutType.of_span(span), 16, 8 * span)
    return MatrixDescriptor(LayoutType.of_span(span), box_rows * span, 8 * span)


def check_start(name: str, offset_bytes: tirx.PrimExpr, span: int, analyzer: arith.Analyzer) -> None:
    """Rule ``wgmma_descriptor_align``: the operand starts 16-byte aligned, in the first
    128-byte line of a period of the swizzle pattern (``8 * span`` bytes)."""
    aligned = analyzer.can_prove(tirx.floormod(offset_bytes, 16) == 0)
    phase = analyzer.can_prove(tirx.floormod(offset_bytes, 8 * span) < 128)
    if not (aligned and phase):
        raise TMAError("wgmma_descriptor_align", f"{name}: expected a wgmma operand to start 16-byte "
                       f"aligned within the first 128 bytes of a {8 * span}-byte period of its "
                       f"{span}B swizzle, got byte offset {offset_bytes} (start operands at multiples "
                       "of 8 rows and of 16 columns)")
