"""Target queries shared by the rules."""

from __future__ import annotations

import re

from tvm import tirx
from tvm.s_tir.dlight.gpu.base import GPUScheduleRule
from tvm.target import Target


def sm_version(target: Target) -> int:
    """The SM version of a CUDA target's ``arch`` (``"sm_90a"`` -> 90, ``"sm_80"`` -> 80), 0
    where it has none. Stock dlight's ``check_sm_version`` returns -1 for an arch with a
    suffix such as ``"sm_90a"``."""
    match = re.fullmatch(r"sm_(\d+)[a-z]?", str(target.attrs.get("arch", "")))
    return int(match.group(1)) if match else 0


def has_wgmma(target: Target) -> bool:
    """Whether ``target`` is a CUDA target of sm_90 or newer with the arch suffix ``a``
    (``sm_90a``: ``wgmma`` is architecture-specific, plain ``sm_90`` has none)."""
    return target.kind.name == "cuda" and sm_version(target) >= 90 and str(target.attrs.get("arch", "")).endswith("a")


def schedules(rule: GPUScheduleRule, func, target: Target, min_sm: int) -> bool:
    """Whether ``rule`` may schedule ``func`` for ``target``: a PrimFunc, for a CUDA target the
    rule takes, of ``sm_<min_sm>`` or newer."""
    return (isinstance(func, tirx.PrimFunc) and rule.is_target_available(target)
            and target.kind.name == "cuda" and sm_version(target) >= min_sm)
