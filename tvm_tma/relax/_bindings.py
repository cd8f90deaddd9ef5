"""What the Relax rewrites share: a function's bindings and their uses, and rebinding values."""

from __future__ import annotations

import tvm
from tvm import relax


def is_call(value, op: str) -> bool:
    """Whether ``value`` is a call of the Relax operator ``op`` (e.g. ``"relax.matmul"``)."""
    return isinstance(value, relax.Call) and isinstance(value.op, tvm.ir.Op) and value.op.name == op


class Bindings:
    """The bindings of one Relax function: ``var2val`` and how often each variable is used."""

    def __init__(self, func: relax.Function):
        self.var2val = relax.analysis.get_var2val(func)
        self.uses: dict[relax.Var, int] = {}

        def count(expr):
            if isinstance(expr, relax.Var):
                self.uses[expr] = self.uses.get(expr, 0) + 1

        relax.analysis.post_order_visit(func.body, count)

    def value(self, expr):
        """The value bound to ``expr`` (a dataflow var), or ``expr`` itself."""
        return self.var2val.get(expr, expr) if isinstance(expr, relax.Var) else expr

    def once(self, expr) -> bool:
        """Whether ``expr`` is a variable used exactly once."""
        return isinstance(expr, relax.Var) and self.uses.get(expr) == 1


@relax.expr_functor.mutator
class Rebind(relax.PyExprMutator):
    """The function with the values of some bindings (``values``: var -> new value) replaced."""

    def __init__(self, values: dict):
        super().__init__()
        self.values = values

    def visit_var_binding_(self, binding: relax.VarBinding) -> None:
        if binding.var not in self.values:
            super().visit_var_binding_(binding)
            return
        value = self.visit_expr(self.values[binding.var])
        name = binding.var.name
        outside = self.builder_.current_block_is_dataflow() and not isinstance(binding.var, relax.DataflowVar)
        new = self.builder_.emit_output(value, name) if outside else self.builder_.emit(value, name)
        self.set_var_remap(binding.var, new)
