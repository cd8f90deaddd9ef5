"""TVMScript's ``T.macro`` and ``T.prim_func`` for kernels built anew for each configuration
(the attention kernel and its macros, the gated GEMM's function: defined inside the Python
functions that build them). Each reads its definition's source and syntax tree once per
definition in the source (TVM's reads and parses the source at every use, and ``T.prim_func``
parses it twice: again for its well-formedness report), and finds its frames by walking them
rather than by ``inspect.stack``, which reads the source lines of every frame on the stack
(10-20 ms a use). Otherwise TVM's own: a macro is hygienic (names resolve where it is
defined), a function's names resolve as ``T.prim_func``'s do."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import CodeType, SimpleNamespace

import tvm
from tvm.script.ir_builder import IRBuilder
from tvm.script.parser.core import diagnostics, utils
from tvm.script.parser.core.entry import WELL_FORMED_ERROR_MESSAGE
from tvm.script.parser.core.error import ParserError
from tvm.script.parser.core.parser import Parser, ScriptMacro
from tvm.tirx.script.parser import entry


class _Source(diagnostics.Source):
    """A definition's source, its syntax tree (a ``doc`` tree, which parsing reads and does
    not change) parsed on first use."""

    def __init__(self, func: Callable):
        super().__init__(func)
        self.tree = None

    def as_ast(self):
        if self.tree is None:
            self.tree = super().as_ast()
        return self.tree


_SOURCES: dict[CodeType, _Source] = {}
"""Sources by code object: the one a nested function's every definition shares."""


def _source(func: Callable) -> _Source:
    if func.__code__ not in _SOURCES:
        _SOURCES[func.__code__] = _Source(func)
    return _SOURCES[func.__code__]


class _Macro(entry.TIRMacro):
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
    expansion = _Macro(_source(func), utils.inspect_function_capture(func), func, True)

    def wrapper(*args, **kwargs):
        return expansion(*args, **kwargs)

    return wrapper


def prim_func(*, s_tir: bool = False) -> Callable:
    """``T.prim_func(s_tir=...)``, a decorator that parses the function it decorates. Use it
    as ``@script.prim_func(s_tir=True)``: TVMScript reads the keyword from the decorator's
    call, where its name is an attribute's."""

    def decorator(func: Callable) -> tvm.tirx.PrimFunc:
        names = utils.inspect_function_capture(func)
        frames, frame = [], sys._getframe(0)
        while frame is not None:  # (all that resolve_closure_vars reads of inspect.stack())
            frames.append(SimpleNamespace(frame=frame))
            frame = frame.f_back
        utils.resolve_closure_vars(func, names, frames)
        parser = Parser(_source(func), {func.__name__: func.__annotations__})
        with IRBuilder() as builder:
            try:
                parser.parse(extra_vars=names)
            except ParserError as err:
                parser.report_error(err.node, err.args[0])
        parsed = builder.get()
        try:
            tvm.s_tir.analysis.verify_well_formed(tvm.IRModule.from_expr(parsed))
        except Exception as err:  # noqa: BLE001 (reported as T.prim_func reports it)
            parser.report_error(parser.diag.source.as_ast(), err=f"{WELL_FORMED_ERROR_MESSAGE}\n\nTraceback: {err!s}")
        return parsed

    decorator.dispatch_token = "tirx"
    return decorator
