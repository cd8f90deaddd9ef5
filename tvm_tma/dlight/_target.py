"""Target queries shared by the rules."""

from __future__ import annotations

import re

from tvm.target import Target


def sm_version(target: Target) -> int:
    """The SM version of a CUDA target's ``arch`` (``"sm_90a"`` -> 90, ``"sm_80"`` -> 80), 0
    where it has none. Stock dlight's ``check_sm_version`` returns -1 for an arch with a
    suffix such as ``"sm_90a"``."""
    match = re.fullmatch(r"sm_(\d+)[a-z]?", str(target.attrs.get("arch", "")))
    return int(match.group(1)) if match else 0
