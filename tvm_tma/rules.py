"""Every hardware rule tvm-tma checks, as data, each citing where NVIDIA states it.

The lowering passes never compare against bare numbers: they look a rule up here and report
it by name (in :class:`tvm_tma.errors.TMAError` and in the copy report), so a fallback or an
error always says which rule decided it. Sources name the PTX ISA (9.0, CUDA 13.0) instruction section that states each rule.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    """One hardware rule: a name, the limit, its unit and where the ISA states it."""

    name: str
    limit: int
    unit: str
    source: str
    text: str


_RULES = (
    Rule("min_arch", 90, "sm version", "PTX ISA, cp.async.bulk",
         "cp.async.bulk and mbarrier expect_tx need sm_90 or newer"),
    Rule("bulk_size_multiple", 16, "bytes", "PTX ISA, cp.async.bulk",
         "the size operand of cp.async.bulk must be a multiple of 16 bytes"),
    Rule("bulk_global_align", 16, "bytes", "PTX ISA, cp.async.bulk",
         "the global address of cp.async.bulk must be 16-byte aligned"),
    Rule("bulk_shared_align", 16, "bytes", "PTX ISA, cp.async.bulk",
         "the shared-memory address of cp.async.bulk must be 16-byte aligned"),
    Rule("mbarrier_tx_count", (1 << 20) - 1, "bytes", "PTX ISA, mbarrier: contents of the mbarrier object (tx-count range)",
         "the bytes expected by one mbarrier phase must fit its tx-count"),
    Rule("dense_box", 0, "", "tvm-tma copy model",
         "a bulk copy moves a dense box: each element of the shared tile written exactly once, "
         "from the same box of the global buffer, without predicates"),
    Rule("contiguous_inner", 1, "elements", "PTX ISA, cp.async.bulk",
         "a bulk copy moves contiguous bytes: the innermost dimension must have stride 1 on "
         "both sides"),
    Rule("bulk_min_run", 16, "bytes", "tvm-tma performance option (min_run_bytes)",
         "runs shorter than the chosen minimum are copied with cp.async instead"),
    Rule("cp_async_size", 16, "bytes", "PTX ISA, cp.async (cp-size)",
         "the cp.async fallback copies 4, 8 or 16 bytes per thread: vectorize the copy loop"),
    Rule("mbarrier_protocol", 0, "", "PTX ISA, mbarrier (phase completion, try_wait.parity)",
         "every mbarrier slot is initialized before use; each phase gets exactly its init count "
         "of arrivals and copies completing exactly its expect_tx bytes; each wait targets the "
         "next phase with its parity, after that phase was issued and before a later one"),
)

RULES: dict[str, Rule] = {rule.name: rule for rule in _RULES}

CP_ASYNC_SIZES = (4, 8, 16)
"""Bytes one cp.async may move (PTX ISA, cp.async); ``.cg`` takes only 16."""


def limit(name: str) -> int:
    """The numeric limit of rule ``name``."""
    return RULES[name].limit
