"""The tvm-tma TIR passes; each returns a ``tvm.transform.Pass``."""

from .align_dynamic_shared import AlignDynamicSharedMemory
from .lower_async_pipeline import LowerAsyncPipelineToMBarrier
from .lower_bulk_copy_blocks import LowerBulkCopyBlocks
from .tensor_map_cache import CacheTensorMapEncodes
from .verify_mbarrier_protocol import VerifyMBarrierProtocol

__all__ = ["AlignDynamicSharedMemory", "CacheTensorMapEncodes", "LowerAsyncPipelineToMBarrier", "LowerBulkCopyBlocks",
           "VerifyMBarrierProtocol"]
