"""Run a script on the GPU machine with the runtime-only TVM that ``scripts/gpu/bundle.sh`` put
in ``.gpu/site``:

    python3 .gpu/boot.py [--precompile DIR]... script.py [args...]

It puts ``.gpu/site`` first on ``sys.path`` (and ``PYTHONPATH``, for child processes), selects
TVM's runtime-only mode, loads TVM's CUDA runtime library (runtime-only mode skips it) and
registers the CUDA compile callback: modules exported with ``export_library`` hold CUDA
source, compiled here at load time by nvcc for ``sm_$TVM_TMA_CUDA_ARCH`` (``90a`` by default)
with the flags of ``tvm_tma/codegen/nvcc.py``. Then it runs ``script.py`` as ``__main__``.
``TVM_TMA_BOOT`` holds this file's path, so that a script can start others through it.

Compiled modules are cached by the SHA-256 of their source in ``$TVM_TMA_FATBIN_CACHE``
(``/tmp/tvm_tma_fatbins`` by default), also across child processes. ``--precompile DIR``
first compiles every ``*.cu`` under ``DIR`` into the cache on all CPU cores (``build.py``
writes each exported module's CUDA beside it): a run of a hundred modules then loads them
without waiting for nvcc one at a time.
"""
import concurrent.futures
import ctypes
import hashlib
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


CACHE = pathlib.Path(os.environ.get("TVM_TMA_FATBIN_CACHE", "/tmp/tvm_tma_fatbins"))


@tvm_ffi.register_global_func("tvm_callback_cuda_compile", override=True)
def _compile_with_nvcc(code):
    cached = CACHE / f"{hashlib.sha256(code.encode()).hexdigest()}.fatbin"
    if not cached.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            src, out = os.path.join(tmp, "kernel.cu"), os.path.join(tmp, "kernel.fatbin")
            with open(src, "w") as f:
                f.write(code)
            proc = subprocess.run(["nvcc", "--fatbin", *NVCC_FLAGS, "-o", out, src], capture_output=True, text=True)
            if proc.returncode != 0:
                raise RuntimeError(f"nvcc failed:\n{proc.stdout}{proc.stderr}")
            os.replace(out, cached)  # atomic: another process may compile the same source
    return cached.read_bytes()


def _precompile(dirs: list[str]) -> None:
    sources = sorted({p for d in dirs for p in pathlib.Path(d).rglob("*.cu")})
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        list(pool.map(lambda path: _compile_with_nvcc(path.read_text()), sources))
    print(f"boot: {len(sources)} CUDA sources compiled into {CACHE}", flush=True)


args = sys.argv[1:]
precompile = []
while len(args) >= 2 and args[0] == "--precompile":
    precompile.append(args[1])
    args = args[2:]
if not args:
    sys.exit(__doc__)
if precompile:
    _precompile(precompile)
sys.argv = args
runpy.run_path(args[0], run_name="__main__")
