"""The tvm-tma TIR passes; each returns a ``tvm.transform.Pass``."""

from .align_shared import AlignSharedMemory
from .check_shared_memory import CheckSharedMemory
from .elide_cta_barriers import ElideCTABarriers
from .lower_async_pipeline import LowerAsyncPipelineToMBarrier
from .lower_bulk_copy_blocks import LowerBulkCopyBlocks
from .lower_warpgroup_fragments import LowerWarpgroupFragments
from .role_barriers import LowerRoleBarriers
from .tensor_map_cache import CacheTensorMapEncodes
from .uniform_lane_fill import UniformLaneFill
from .verify_mbarrier_protocol import VerifyMBarrierProtocol
from .verify_wgmma import VerifyWgmma
from .warp_specialize import WarpSpecialize

__all__ = ["AlignSharedMemory", "CacheTensorMapEncodes", "CheckSharedMemory", "ElideCTABarriers", "LowerAsyncPipelineToMBarrier", "LowerBulkCopyBlocks",
           "LowerRoleBarriers", "LowerWarpgroupFragments", "UniformLaneFill", "VerifyMBarrierProtocol",
           "VerifyWgmma", "WarpSpecialize"]
