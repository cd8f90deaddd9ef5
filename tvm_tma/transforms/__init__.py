"""The tvm-tma TIR passes; each returns a ``tvm.transform.Pass``."""

from .lower_async_pipeline import LowerAsyncPipelineToMBarrier

__all__ = ["LowerAsyncPipelineToMBarrier"]
