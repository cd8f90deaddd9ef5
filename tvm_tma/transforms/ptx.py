"""The PTX instructions the passes emit, each resolved once from TVM 0.27's ``T.ptx`` table.

``T.ptx.mbarrier.init.shared.b64(...)`` narrows the table's candidates at every attribute of
the chain, on every call: on small kernels most of a lowering's time. :func:`op` resolves an
instruction by its PTX name once and keeps the builder; calling it builds the same ``Call``.
"""

from __future__ import annotations

import functools

from tvm.script import tirx as T


@functools.cache
def op(name: str):
    """The ``T.ptx`` builder of the instruction ``name`` as PTX spells it, e.g.
    ``op("mbarrier.arrive.expect_tx.shared.b64")(addr, nbytes)``."""
    return T.ptx[name]
