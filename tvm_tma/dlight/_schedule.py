"""The schedule our rules work on."""

from __future__ import annotations

from tvm import s_tir


class Schedule(s_tir.Schedule):
    """``s_tir.Schedule`` whose primitives skip the per-call argument type checks of s_tir's
    ``@type_checked`` (binding the signature, checking each argument against its hints: about
    50 ms of the rules' 0.38 s on the Llama layer built for any length). The rules pass what
    those checks accept; a wrong argument still fails in the primitive itself."""


for _name, _primitive in vars(s_tir.Schedule).items():
    if callable(_primitive) and hasattr(_primitive, "__wrapped__"):
        setattr(Schedule, _name, _primitive.__wrapped__)
