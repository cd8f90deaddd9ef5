"""LowerRoleBarriers: ``__syncthreads`` inside a warp role → a named barrier of the role's threads.

Accepts the IR after ``ThreadSync`` and ``LowerThreadAllreduce`` (the passes that add CTA
barriers) in which :mod:`.warp_specialize` split a kernel into roles, each branch an
``AttrStmt`` ``tvm_tma.warp_role`` (node the role's name, value its thread count). A CTA barrier
there would wait for the other role's threads, which never arrive: within the consumers'
branch each ``T.tvm_storage_sync("shared")`` (or ``"shared.dyn"``, which ThreadSync puts before
accesses of dynamic shared memory; both are ``__syncthreads``) becomes::

    bar.sync 1, <consumer threads>;        // named barrier 1 (0 is __syncthreads)

(PTX ISA, bar / barrier: a count that is a multiple of the warp size, the warps of those
threads). The role attributes are dropped. Raises ``warp_role_threads`` for a CTA barrier
in the producer's branch (its elected thread would wait alone). Returns other functions
unchanged.
"""

from __future__ import annotations

import tvm
from tvm import tirx
from tvm.script import tirx as T

from ...errors import TMAError
from .. import ptx
from .._ir import attrs_with_key, function_name, is_cta_sync, mutate
from .warp_specialize import ROLE, role_name

CONSUMER_BARRIER = 1
"""The named barrier of the consumer threads (barrier 0 is ``__syncthreads``)."""


def LowerRoleBarriers() -> tvm.transform.Pass:  # noqa: N802
    """Create the pass (see the module docstring)."""

    def transform(func: tirx.PrimFunc, mod: tvm.ir.IRModule, _ctx) -> tirx.PrimFunc:
        if not attrs_with_key(func.body, (ROLE,)):
            return func

        def on_attr(attr, mutator):
            if attr.attr_key != ROLE:
                return mutator.default_mutate(attr)
            role, threads = role_name(attr), int(attr.value)

            def on_sync(stmt, inner):
                if not is_cta_sync(stmt):
                    return inner.default_mutate(stmt)
                if role != "consumer":
                    raise TMAError("warp_role_threads", f"{function_name(func)}: __syncthreads in the {role}'s "
                                   "branch: expected CTA barriers in the consumers' branch only")
                return tirx.Evaluate(ptx.op("bar.sync")(T.uint32(CONSUMER_BARRIER), T.uint32(threads)))

            return mutate(attr.body, (tirx.Evaluate, on_sync))

        return func.with_body(mutate(func.body, (tirx.AttrStmt, on_attr)))

    return tirx.transform.prim_func_pass(transform, opt_level=0, name="tvm_tma.LowerRoleBarriers")
