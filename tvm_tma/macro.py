"""``macro``: TVMScript's ``T.macro``, finding the parser at each use by walking the frames'
globals rather than by ``inspect.getouterframes``, which reads the source lines of every frame
on the stack (10-20 ms a use: a fifth of the attention kernel's parse), and reading its
definition's syntax tree once per source (TVM's parses the source at every use: the attention
kernel's macros, defined anew for each kernel, 0.14 -> 0.11 s). The macro is otherwise TVM's
own (hygienic: names resolve where it is defined)."""

from __future__ import annotations

import sys
from collections.abc import Callable

from tvm.script.parser.core.parser import ScriptMacro
from tvm.tirx.script.parser import entry

_DEFINITIONS: dict[tuple[str, str], object] = {}
"""The parsed definition (a ``doc.FunctionDef``, which parsing reads and does not change) by
(source text, function name)."""


class _Macro(entry.TIRMacro):
    def get_macro_def(self):
        key = (self.source.source, self.func.__name__)
        if key not in _DEFINITIONS:
            _DEFINITIONS[key] = super().get_macro_def()
        return _DEFINITIONS[key]

    def _find_parser_def(self):
        frame = sys._getframe(1)
        while frame is not None:
            parser = frame.f_globals.get(ScriptMacro.parser_object_name)
            if parser is not None:
                return parser
            frame = frame.f_back
        raise RuntimeError(f"{ScriptMacro.parser_object_name} not available")


def macro(func: Callable) -> Callable:
    """``T.macro`` (hygienic) for ``func``, used where TVMScript parses a call to it."""
    source, closure_vars = entry.scan_macro(func, entry.utils.inspect_function_capture(func))
    expansion = _Macro(source, closure_vars, func, True)

    def wrapper(*args, **kwargs):
        return expansion(*args, **kwargs)

    return wrapper
