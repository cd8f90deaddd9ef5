"""User-facing errors: bad input to tvm-tma raises :class:`TMAError` naming the rule broken."""

from __future__ import annotations


class TMAError(ValueError):
    """Bad input for a TMA lowering: a schedule, buffer or target breaks a hardware rule.

    ``rule`` is the name of the entry of :data:`tvm_tma.rules.RULES` that was broken, so
    callers and tests can tell errors apart without parsing the message. The message has
    the form ``"<rule>: <what>: expected <limit>, got <value> (<hint>)"``.
    """

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
