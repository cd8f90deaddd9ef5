"""The tvm-tma TIR passes; each returns a ``tvm.transform.Pass``.

Grouped by concern: :mod:`.copies` plans and emits single copies (bulk, tensor-map, cp.async,
swizzled tiles, bulk stores) and the passes about their memory; :mod:`.pipelines` puts copies
on mbarriers in program order (software pipelines, copy blocks outside them, warp roles) and
tidies the barriers; :mod:`.tensor_cores` the wgmma instructions and accumulator fragments;
:mod:`.verifiers` checks the lowered IR; :mod:`.programmatic_launch` how kernels launch.
:mod:`._ir` and :mod:`.ptx` serve them all.
"""

from .copies.align_shared import AlignSharedMemory
from .copies.tensor_map_cache import CacheTensorMapEncodes
from .copies.uniform_lane_fill import UniformLaneFill
from .pipelines.elide_cta_barriers import ElideCTABarriers
from .pipelines.lower_async_pipeline import LowerAsyncPipelineToMBarrier
from .pipelines.lower_bulk_copy_blocks import LowerBulkCopyBlocks
from .pipelines.role_barriers import LowerRoleBarriers
from .pipelines.warp_specialize import WarpSpecialize
from .programmatic_launch import ProgrammaticLaunch
from .tensor_cores.lower_warpgroup_fragments import LowerWarpgroupFragments
from .verifiers.check_shared_memory import CheckSharedMemory
from .verifiers.verify_mbarrier_protocol import VerifyMBarrierProtocol
from .verifiers.verify_wgmma import VerifyWgmma

__all__ = ["AlignSharedMemory", "CacheTensorMapEncodes", "CheckSharedMemory", "ElideCTABarriers",
           "LowerAsyncPipelineToMBarrier", "LowerBulkCopyBlocks", "LowerRoleBarriers", "LowerWarpgroupFragments",
           "ProgrammaticLaunch", "UniformLaneFill", "VerifyMBarrierProtocol", "VerifyWgmma", "WarpSpecialize"]
