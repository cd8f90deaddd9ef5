"""ProgrammaticLaunch (tvm_tma/transforms/programmatic_launch.py): every kernel of a PrimFunc for
sm_90 or newer waits for the grids before it first thing, and the PrimFunc's kernels are launched
as programmatic dependents; functions without kernels, or for an older arch, stay as they are."""

import tvm
from tvm.script import tirx as T

import tvm_tma
from tvm_tma.transforms import ProgrammaticLaunch
from tvm_tma.transforms.programmatic_launch import LAUNCH_PARAMS, PROGRAMMATIC


def cuda(func: tvm.tirx.PrimFunc, arch: str = "sm_90a") -> tvm.tirx.PrimFunc:
    return func.with_attr("target", tvm.target.Target({"kind": "cuda", "arch": arch}))


def lowered(func: tvm.tirx.PrimFunc) -> tvm.tirx.PrimFunc:
    return ProgrammaticLaunch()(tvm.IRModule({"main": func}))["main"]


def test_a_kernel_waits_and_lets_the_next_launch_before_anything_else():
    @T.prim_func(private=True)
    def before(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32")):
        bx = T.launch_thread("blockIdx.x", 8)
        tx = T.launch_thread("threadIdx.x", 128)
        B[bx * 128 + tx] = A[bx * 128 + tx] + T.float32(1)

    @T.prim_func(private=True)
    def expected(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32")):
        T.func_attr({"tirx.kernel_launch_params": ["tirx.use_programtic_dependent_launch"]})
        bx = T.launch_thread("blockIdx.x", 8)
        tx = T.launch_thread("threadIdx.x", 128)
        T.ptx.griddepcontrol.wait()
        B[bx * 128 + tx] = A[bx * 128 + tx] + T.float32(1)

    tvm.ir.assert_structural_equal(lowered(cuda(before)), cuda(expected))


def test_every_kernel_of_a_function_waits_and_its_launch_parameters_are_kept():
    """Two kernels chosen at run time (as a GEMM's two tilings are) and one after them: each waits
    in its own launch scope; a launch parameter the function already has stays."""

    @T.prim_func(private=True)
    def before(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32"), n: T.int32):
        T.func_attr({"tirx.kernel_launch_params": ["tirx.use_cooperative_launch"]})
        if n < 512:
            with T.launch_thread("blockIdx.x", 8) as bx:
                tx = T.launch_thread("threadIdx.x", 128)
                B[bx * 128 + tx] = A[bx * 128 + tx]
        else:
            with T.launch_thread("blockIdx.x", 4) as bx:
                tx = T.launch_thread("threadIdx.x", 256)
                B[bx * 256 + tx] = A[bx * 256 + tx]
        with T.launch_thread("threadIdx.x", 1024) as tx:
            A[tx] = B[tx]

    @T.prim_func(private=True)
    def expected(A: T.Buffer((1024,), "float32"), B: T.Buffer((1024,), "float32"), n: T.int32):
        T.func_attr({"tirx.kernel_launch_params": ["tirx.use_cooperative_launch",
                                                   "tirx.use_programtic_dependent_launch"]})
        if n < 512:
            with T.launch_thread("blockIdx.x", 8) as bx:
                tx = T.launch_thread("threadIdx.x", 128)
                T.ptx.griddepcontrol.wait()
                B[bx * 128 + tx] = A[bx * 128 + tx]
        else:
            with T.launch_thread("blockIdx.x", 4) as bx:
                tx = T.launch_thread("threadIdx.x", 256)
                T.ptx.griddepcontrol.wait()
                B[bx * 256 + tx] = A[bx * 256 + tx]
        with T.launch_thread("threadIdx.x", 1024) as tx:
            T.ptx.griddepcontrol.wait()
            A[tx] = B[tx]

    tvm.ir.assert_structural_equal(lowered(cuda(before)), cuda(expected))


def test_a_function_without_kernels_or_for_an_older_arch_is_left_as_it_is():
    @T.prim_func(private=True)
    def host(A: T.Buffer((16,), "float32")):
        for i in range(16):
            A[i] = T.float32(0)

    @T.prim_func(private=True)
    def kernel(A: T.Buffer((128,), "float32")):
        tx = T.launch_thread("threadIdx.x", 128)
        A[tx] = T.float32(0)

    for func in (cuda(host), cuda(kernel, "sm_80"), kernel):
        assert lowered(func).same_as(func)


def _compiled(pipeline: str) -> tuple[str, dict]:
    """A wgmma GEMM (dynamic shared memory, tensor maps) compiled under ``pipeline``: its CUDA and
    its kernel's launch parameters."""
    from tvm_tma.kernels import gemm_wgmma

    split = {}

    @tvm.instrument.pass_instrument
    class AfterSplit:
        def run_after_pass(self, mod, info):
            if info.name == "tirx.SplitHostDevice":
                split.update({gv.name_hint: f for gv, f in mod.functions.items()})

    target = tvm.target.Target({"kind": "cuda", "arch": "sm_90a"})
    with tvm.transform.PassContext(instruments=[AfterSplit()]):
        built = tvm.compile(gemm_wgmma(256, 256, 128), target=target, tir_pipeline=pipeline)
    return tvm_tma.codegen.kernel_source(built), [str(p) for p in split["main_kernel"].attrs[LAUNCH_PARAMS]]


def test_the_tma_pipeline_launches_kernels_programmatically_and_its_serial_variant_does_not():
    source, params = _compiled("tma")
    body = source[source.index("main_kernel(const __grid_constant__"):]
    body = body[body.index(") {\n") + 4:]  # the definition, after the declaration
    assert body.splitlines()[0].strip() == "tvm_builtin_ptx_griddepcontrol_wait();"
    assert "launch_dependents" not in source
    # the runtime reads dynamic shared memory's tag only in the last place
    assert params[-2:] == [PROGRAMMATIC, "tirx.use_dyn_shared_memory"]

    source, params = _compiled("tma_serial_launches")
    assert "griddepcontrol" not in source and PROGRAMMATIC not in params
