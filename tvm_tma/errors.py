"""User-facing errors: bad input to tvm-tma raises :class:`TMAError` naming the rule broken."""

from __future__ import annotations

import tvm_ffi


@tvm_ffi.register_error
class TMAError(ValueError):
    """Bad input for a TMA lowering: a schedule, buffer or target breaks a hardware rule.

    ``rule`` is the name of the entry of :data:`tvm_tma.rules.RULES` that was broken, so
    callers and tests can tell errors apart without parsing the message. The message has
    the form ``"<rule>: <what>: expected <limit>, got <value> (<hint>)"``. The class is
    registered with TVM-FFI, so an error raised inside a pass reaches the caller of
    ``tvm.compile`` as a ``TMAError`` (rebuilt from its message).
    """

    def __init__(self, rule: str, message: str | None = None):
        if message is None:  # rebuilt by TVM-FFI from "<rule>: <message>"
            rule, _, message = rule.partition(": ")
        super().__init__(f"{rule}: {message}")
        self.rule = rule
