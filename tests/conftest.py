import os
import pathlib
import sys

# Every "tma" compile of the suite also runs the barrier-protocol checker (off by default).
os.environ.setdefault("TVM_TMA_VERIFY", "1")

sys.path.insert(0, str(pathlib.Path(__file__).parent))

import functools

from tvm.tirx import compilation_pipeline

from tvm_tma.pipeline import VARIANTS, tma_tir_pipeline

# "tma_runs": 1-D bulk runs (no tensor maps) at any row length, the performance rules
# bulk_min_run, mixed_stage_cost and the launch-cost model off: the tests of the run mechanism itself.
compilation_pipeline.register_tir_pipeline("tma_runs", lambda: tma_tir_pipeline(tensor_maps=False, min_run_bytes=16,
                                                                                  mixed_stages="mbarrier",
                                                                                  launch_cost="mbarriers"))

# "tma_<variant>_all_launches": each variant with every pipeline on mbarriers (no launch-cost model),
# for the tests that check its lowering on kernels of a few CTAs.
for _suffix, _options in VARIANTS.items():
    if "launch_cost" not in _options:
        compilation_pipeline.register_tir_pipeline(
            f"tma_{_suffix}_all_launches", functools.partial(tma_tir_pipeline, **_options, launch_cost="mbarriers"))
