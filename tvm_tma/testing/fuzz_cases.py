"""Random pipelined tile kernels for the differential fuzzer, described as data.

A case computes, over a row-major ``rows x cols`` matrix of ``dtype``
(``dynamic``: ``(tiles, tile_m, cols)`` with ``tiles`` known at run time only)::

    Y[i, j] = sum_k scale_k * X_k[i - row_shift_k, j - col_shift_k]   (0 where that leaves X_k)

scheduled the way stock TensorIR schedules are written (:mod:`tvm_tma.testing.fuzz`): each
CTA owns ``strips_per_cta`` column strips of ``tile_n`` columns (a serial loop when more than
one) and walks their ``tile_m``-row tiles in a software pipeline of ``stages`` stages. Stage 0
(async) copies each operand's tile into shared memory (``cache_read``; the zero fill of a
shift and the scale are computed in that copy statement, as conv padding and fused casts
are); ``relay`` copies operand 0 once more, shared to shared, in stage 1; the consumer
(``threads`` threads; with a store, no more than the tile has elements) computes ``Y`` in
stage ``stages - 1``; with ``store`` the output tile is computed into shared memory and
bulk-stored in stage ``stages``. ``order`` is the
``software_pipeline_order`` of those blocks (copies, relay, consumer, store). Copies move
``lanes``-element vectors; ``pad`` pads an operand's shared rows (``storage_align``). Row
counts that ``tile_m`` does not divide leave a partial last tile; trip counts go below the
stage count.

Inputs are small integers (:data:`VALUE_RANGE`), so every sum is exact in every dtype and
the float64 reference must match bit for bit. Only numpy is imported: the GPU runner uses
this module under TVM's runtime-only build.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import numpy as np

LOWERING = "tma_all_launches"
"""The pipeline the fuzzer checks against stock: ``"tma"`` with every pipeline on mbarriers (the
cases are small launches, which ``"tma"`` mostly leaves to stock's cp.async groups by the
launch-cost model, rules ``launch_cost`` and ``launch_cost_loads``)."""

ELEM_BYTES = {"float32": 4, "float16": 2, "bfloat16": 2, "int8": 1}
VALUE_RANGE = {"float32": 1 << 16, "float16": 256, "bfloat16": 32, "int8": 20}
"""Inputs lie in ``[-r, r]``: three operands scaled by 2 stay exact (fp16 integers to 2048,
bf16 to 256, fp32 to 2^24) and inside int8."""
SHARED_BYTES = 40 * 1024
"""Shared memory a case may use (stock allocates ``stages`` versions of each operand tile)."""


@dataclasses.dataclass(frozen=True)
class Operand:
    """One input: its zero-filled shifts, its scale (computed in the copy) and its shared-row
    padding (elements)."""

    row_shift: int = 0
    col_shift: int = 0
    scale: int = 1
    pad: int = 0


@dataclasses.dataclass(frozen=True)
class FuzzCase:
    """One random kernel (see the module docstring); ``rows`` is also the run-time row count
    of a ``dynamic`` case (a multiple of ``tile_m``)."""

    name: str
    dtype: str
    rows: int
    cols: int
    tile_m: int
    tile_n: int
    threads: int
    lanes: int
    stages: int
    operands: tuple[Operand, ...]
    order: tuple[int, ...]
    relay: bool = False
    store: bool = False
    strips_per_cta: int = 1
    dynamic: bool = False

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of every argument in a run."""
        return (self.rows // self.tile_m, self.tile_m, self.cols) if self.dynamic else (self.rows, self.cols)

    @property
    def trips(self) -> int:
        """Row tiles per column strip: the pipelined loop's trip count."""
        return -(-self.rows // self.tile_m)

    def roles(self) -> list[str]:
        """The pipelined loop's blocks, in the order ``order`` and :meth:`stage` index them."""
        return ([f"copy{k}" for k in range(len(self.operands))] + ["relay"] * self.relay + ["compute"]
                + ["store"] * self.store)

    def stage(self, role: str) -> int:
        """``software_pipeline_stage`` of a block."""
        return {"relay": 1, "compute": self.stages - 1, "store": self.stages}.get(role, 0)

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FuzzCase:
        fields = dict(data)
        fields["operands"] = tuple(Operand(**op) for op in data["operands"])
        fields["order"] = tuple(data["order"])
        return cls(**fields)


def shared_bytes(case: FuzzCase) -> int:
    """Shared memory the case's buffers take under stock's multi-versioning (an estimate:
    ``stages`` versions per operand tile, two per relay and store tile)."""
    tile = case.tile_m * case.tile_n * ELEM_BYTES[case.dtype]
    padded = sum(case.tile_m * (case.tile_n + op.pad) * ELEM_BYTES[case.dtype] for op in case.operands)
    return case.stages * padded + 2 * tile * (case.relay + case.store)


def random_case(seed: int, index: int) -> FuzzCase:
    """Case ``index`` of ``seed`` (independent of how many cases are drawn)."""
    rng = random.Random(f"{seed}/{index}")
    dtype = rng.choice(sorted(ELEM_BYTES))
    lanes = rng.choice([4, 8, 16, 16]) // ELEM_BYTES[dtype] or 1
    # TVM 0.27's CUDA codegen writes an 8- or 16-lane int8 constant (a scale, a zero fill) as
    # make_int2 / make_int4 of 8 or 16 values, which nvcc rejects: int8 vectors stay at 4 lanes.
    if dtype == "int8":
        lanes = min(lanes, 4)
    tile_n = max(lanes, rng.choice([8, 16, 32, 64, 64, 128]))
    tile_m = rng.choice([1, 2, 4, 8, 8, 16, 32])
    stages = rng.randint(2, 5)
    dynamic = rng.random() < 0.2
    count = rng.choice([1, 1, 2, 2, 3])
    operands = tuple(Operand(row_shift=0 if dynamic else rng.choice([0] * 10 + [1, 3]),
                             col_shift=rng.choice([0] * 7 + [lanes]), scale=rng.choice([1] * 5 + [2]),
                             pad=rng.choice([0, 0, lanes, 2 * lanes]))
                     for _ in range(count))
    # stock TVM leaves the wait_group count of a dynamic pipeline with a relay or a store symbolic
    relay = not dynamic and stages >= 3 and rng.random() < 0.15
    store = not dynamic and rng.random() < 0.2
    trips = rng.choice([1, 2, stages - 1, stages, stages + 1, rng.randint(2, 12)])
    tail = rng.randint(1, tile_m - 1) if not dynamic and tile_m > 1 and rng.random() < 0.3 else 0
    strips = rng.choice([1, 1, 1, 2, 3])
    cols = tile_n * strips * rng.choice([1, 2, 3])
    roles = len(operands) + relay + 1 + store
    order = list(range(roles))
    how = rng.choice(["copies_first", "copies_first", "consumer_first", "shuffled"])
    if how == "consumer_first":  # the consumer (and store) of iteration i before the copies of i + stages - 1
        order = order[count + relay:] + order[:count + relay]
        order = [order.index(r) for r in range(roles)]
    elif how == "shuffled":
        rng.shuffle(order)
    case = FuzzCase(f"fuzz{seed}_{index}", dtype, max(1, trips * tile_m - tail), cols, tile_m, tile_n,
                    rng.choice([32, 64, 128, 256]), lanes, stages, operands, tuple(order), relay, store, strips,
                    dynamic)
    while shared_bytes(case) > SHARED_BYTES and case.tile_m > 1:  # halve the tile, keep the trip count
        tile_m = case.tile_m // 2
        case = dataclasses.replace(case, tile_m=tile_m, rows=max(1, case.trips * tile_m - (tail and 1)))
    if store:
        # No more threads than tile elements: TVM 0.27's reverse_compute_at relaxes the
        # consumer's region without its T.where, so the store loop would be as wide as the
        # threads and write output elements no thread computed (stock TVM's result is wrong).
        case = dataclasses.replace(case, threads=min(case.threads, case.tile_m * case.tile_n))
    return case


def scale_launch(case: FuzzCase, ctas: int, data_bytes: int, max_loads: int) -> FuzzCase:
    """``case`` (its tiles, stages, operands, schedule) over a larger or smaller matrix: ``ctas``
    CTAs (columns ``ctas * strips_per_cta * tile_n``) and as many row tiles as make its arrays
    (inputs and output) about ``data_bytes`` together, at least one, at most ``max_loads`` per
    CTA (strips times row tiles); a partial last tile is kept. Named
    ``<name>_c<ctas>_r<rows>``."""
    cols = ctas * case.strips_per_cta * case.tile_n
    row_bytes = cols * ELEM_BYTES[case.dtype] * (len(case.operands) + 1)
    trips = min(max(1, round(data_bytes / (row_bytes * case.tile_m))), max(1, max_loads // case.strips_per_cta))
    rows = max(1, trips * case.tile_m - (-case.rows % case.tile_m))
    return dataclasses.replace(case, name=f"{case.name}_c{ctas}_r{rows}", rows=rows, cols=cols)


def generate(seed: int, count: int) -> list[FuzzCase]:
    """Cases ``0 .. count - 1`` of ``seed``."""
    return [random_case(seed, index) for index in range(count)]


def inputs(case: FuzzCase) -> list[np.ndarray]:
    """The case's inputs (seeded by its name), as float64 (int64 for int8) arrays of
    :attr:`FuzzCase.shape` holding small integers."""
    rng = np.random.default_rng(list(case.name.encode()))
    bound = VALUE_RANGE[case.dtype]
    kind = np.int64 if case.dtype == "int8" else np.float64
    return [rng.integers(-bound, bound + 1, size=case.shape).astype(kind) for _ in case.operands]


def reference(case: FuzzCase, xs: list[np.ndarray]) -> np.ndarray:
    """``Y`` from the inputs (float64 or int64, exact), of :attr:`FuzzCase.shape`."""
    rows, cols = case.rows, case.cols
    y = np.zeros((rows, cols), dtype=xs[0].dtype)
    for op, x in zip(case.operands, xs):
        x = x.reshape(rows, cols)
        y[op.row_shift:, op.col_shift:] += op.scale * x[:rows - op.row_shift, :cols - op.col_shift]
    return y.reshape(case.shape)


def arguments(case: FuzzCase) -> list[dict[str, Any]]:
    """``{"shape", "dtype"}`` of the kernel's arguments in a run: the inputs, then ``Y``."""
    return [{"shape": list(case.shape), "dtype": case.dtype} for _ in range(len(case.operands) + 1)]


def describe(case: FuzzCase) -> str:
    """One line for logs and reports."""
    return json.dumps(case.to_json(), separators=(",", ":"))
