"""Run a script on the GPU machine with the runtime-only TVM that ``scripts/gpu/bundle.sh`` put
in ``.gpu/site``:

    python3 .gpu/boot.py script.py [args...]

It puts ``.gpu/site`` first on ``sys.path`` (and ``PYTHONPATH``, for child processes), selects
TVM's runtime-only mode, loads TVM's CUDA runtime library (runtime-only mode skips it) and
registers the CUDA compile callback: modules exported with ``export_library`` hold CUDA
source, compiled here at load time by nvcc for ``sm_$TVM_TMA_CUDA_ARCH`` (``90a`` by default)
with the flags of ``tvm_tma/codegen/nvcc.py``. Then it runs ``script.py`` as ``__main__``.
``TVM_TMA_BOOT`` holds this file's path, so that a script can start others through it.
"""
import ctypes
import importlib.util
import os
import pathlib
import runpy
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve()
site = HERE.parent / "site"
sys.path.insert(0, str(site))
os.environ["TVM_USE_RUNTIME_LIB"] = "1"
os.environ["PYTHONPATH"] = str(site) + os.pathsep + os.environ.get("PYTHONPATH", "")
os.environ["TVM_TMA_BOOT"] = str(HERE)

import tvm  # noqa: E402
import tvm_ffi  # noqa: E402
from tvm.base import _LOADED_LIBS  # noqa: E402

libdir = pathlib.Path(_LOADED_LIBS["tvm_runtime"]._name).resolve().parent
_LOADED_LIBS["tvm_runtime_cuda"] = ctypes.CDLL(str(libdir / "libtvm_runtime_cuda.so"), mode=ctypes.RTLD_GLOBAL)


def _nvcc_flags():
    """``nvcc_flags`` of the repository's ``tvm_tma/codegen/nvcc.py`` (loaded as a file:
    importing ``tvm_tma`` would need TVM's compiler)."""
    path = next(p / "tvm_tma" / "codegen" / "nvcc.py" for p in (pathlib.Path.cwd(), *HERE.parents)
                if (p / "tvm_tma" / "codegen" / "nvcc.py").is_file())
    spec = importlib.util.spec_from_file_location("_tvm_tma_nvcc", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.nvcc_flags(os.environ.get("TVM_TMA_CUDA_ARCH", "90a"))


NVCC_FLAGS = _nvcc_flags()


@tvm_ffi.register_global_func("tvm_callback_cuda_compile", override=True)
def _compile_with_nvcc(code):
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "kernel.cu"), os.path.join(tmp, "kernel.fatbin")
        with open(src, "w") as f:
            f.write(code)
        proc = subprocess.run(["nvcc", "--fatbin", *NVCC_FLAGS, "-o", out, src], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError(f"nvcc failed:\n{proc.stdout}{proc.stderr}")
        with open(out, "rb") as f:
            return f.read()


if len(sys.argv) < 2:
    sys.exit(__doc__)
script = sys.argv[1]
sys.argv = sys.argv[1:]
runpy.run_path(script, run_name="__main__")
