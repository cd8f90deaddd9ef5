"""Compile the Llama decoder layer (``llama_layer.py``) the MLC-LLM way, once per build, and
export each for ``run_llama.py``.

    python benchmarks/build_llama.py --out build/gpu/llama [--seq 4096] [--only tma,stock_sm90a]

Builds (``BUILDS``): TVM's default CUDA Relax pipeline with dlight's rules, then
``tvm.compile(..., tir_pipeline=...)``:

- ``stock_sm90a``: stock dlight's rules in MLC-LLM's order (``tvm_tma.dlight.stock_rules``),
  ``tir_pipeline="default"``, target arch ``sm_90a``. Stock dlight parses ``sm_90a`` as no
  tensor cores: its matmuls run the SIMT schedule.
- ``stock_sm90``: the same for arch ``sm_90``: stock's tensor-core (WMMA) matmul schedule.
- ``tma``: ``tvm_tma.relax.FuseAttention`` (the explicit attention on the fused kernel), then
  ``tvm_tma.dlight.default_rules()`` (ours first, stock's after), ``tir_pipeline="tma"``, arch
  ``sm_90a``.
- ``tma_unfused_attention``: the same without ``FuseAttention`` (the attention's matmuls and
  softmax scheduled by dlight), to show what the fused kernel is worth.
- ``tma_sdpa``: ``tma`` on the layer written with ``scaled_dot_product_attention(is_causal=True)``.
- ``tma_sdpa_fixed_tiling``, ``tma_sdpa_persistent``: ``tma_sdpa`` with every GEMM on
  ``WgmmaConfig()``'s tiling, or on it made persistent, instead of the tiling tuned per shape.
- ``tma_sdpa_one_gated_width``: ``tma_sdpa`` with ``default_rules(gated_widths=False)``: under
  a dynamic length the gated GEMM in slices of 128 columns only (by default also in slices of
  112, chosen at run time).
- ``tma_sdpa_all_mbarriers``: ``tma_sdpa`` under ``"tma_all_launches"``: every pipeline on
  mbarriers, whatever the launch-cost model expects (the GEMVs of a decode layer, the row kernels).
- ``tma_sdpa_rows4``: ``tma_sdpa`` with the row kernels (rms_norm, layer_norm, softmax) four
  rows a CTA, as they were before one row a CTA became the default.
- ``tma_ungrouped``: ``tma`` with the matmul CTAs numbered column tile first
  (``MatmulConfig(group_m=1)``), to show what the grouped numbering is worth.

Writes ``<out>/<build>.so`` (``export_library``), ``<out>/<build>.cu`` (the generated CUDA, for
reading) and ``<out>/manifest.json``: the layer's shape, and per build which rule scheduled each
PrimFunc and (``tma``) what each async copy became (``tvm_tma.copy_report``). Fails if the
libraries together exceed what one device call carries (64 MiB).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import gpt_block
import hf_llama
import llama_layer

MODELS = {"llama": (llama_layer.LayerShape, llama_layer.relax_module),
          "gpt": (gpt_block.BlockShape, gpt_block.relax_module),
          "hf_llama": (hf_llama.HFLayerShape, hf_llama.relax_module)}
"""``--model``: the shape class and the Relax module builder of ``llama_layer.py``, ``gpt_block.py``
and ``hf_llama.py``."""

CARRY_LIMIT_MIB = 64


@dataclasses.dataclass(frozen=True)
class Build:
    """One way of compiling the layer."""

    arch: str
    rules: str  # "stock" or "ours"
    tir_pipeline: str
    config: dict[str, Any] = dataclasses.field(default_factory=dict)
    matmul: dict[str, int] = dataclasses.field(default_factory=dict)  # MatmulConfig fields (ours)
    attention: str = "explicit"  # the layer's attention (llama_layer.LayerShape.attention)
    fused_attention: bool = False  # tvm_tma.relax.FuseAttention before legalization
    wgmma: bool = True  # ours: tvm_tma.dlight.WgmmaMatmul first (else the mma.sync Matmul)
    wgmma_config: dict[str, Any] | None = None  # WgmmaConfig fields (None: tiling tuned per GEMM shape)
    gated_widths: bool = True  # ours: WgmmaMatmul(gated_widths=...)
    row_rules: dict[str, int] = dataclasses.field(default_factory=dict)  # ours: RMSNorm/LayerNorm/Softmax fields

    def schedule_rules(self) -> list:
        """The dlight rules of this build, in order."""
        from tvm_tma import dlight as tdl

        if self.rules == "stock":
            return tdl.stock_rules()
        wgmma = None if self.wgmma_config is None else tdl.WgmmaConfig(**self.wgmma_config)
        rules = tdl.default_rules(tdl.MatmulConfig(**self.matmul), wgmma, gated_widths=self.gated_widths)
        rows = (tdl.RMSNorm, tdl.LayerNorm, tdl.Softmax)
        rules = [type(r)(**self.row_rules) if self.row_rules and isinstance(r, rows) else r for r in rules]
        return [r for r in rules if self.wgmma or not isinstance(r, tdl.WgmmaMatmul)]


BUILDS = {
    "stock_sm90a": Build("sm_90a", "stock", "default", {"tirx.use_async_copy": 1}),
    "stock_sm90": Build("sm_90", "stock", "default", {"tirx.use_async_copy": 1}),
    "stock_sm90_sdpa": Build("sm_90", "stock", "default", {"tirx.use_async_copy": 1}, attention="sdpa"),
    "tma": Build("sm_90a", "ours", "tma", fused_attention=True),
    "tma_unfused_attention": Build("sm_90a", "ours", "tma"),
    "tma_sdpa": Build("sm_90a", "ours", "tma", attention="sdpa", fused_attention=True),
    "tma_sdpa_mma": Build("sm_90a", "ours", "tma", attention="sdpa", fused_attention=True, wgmma=False),
    "tma_sdpa_persistent": Build("sm_90a", "ours", "tma", attention="sdpa", fused_attention=True,
                                 wgmma_config={"persistent": True}),
    "tma_sdpa_fixed_tiling": Build("sm_90a", "ours", "tma", attention="sdpa", fused_attention=True,
                                   wgmma_config={}),
    "tma_ungrouped": Build("sm_90a", "ours", "tma", matmul={"group_m": 1}, fused_attention=True),
    "tma_sdpa_one_gated_width": Build("sm_90a", "ours", "tma", attention="sdpa", fused_attention=True,
                                      gated_widths=False),
    "tma_sdpa_all_mbarriers": Build("sm_90a", "ours", "tma_all_launches", attention="sdpa", fused_attention=True),
    "tma_sdpa_rows4": Build("sm_90a", "ours", "tma", attention="sdpa", fused_attention=True,
                            row_rules={"rows_per_cta": 4}),
    "tma_sdpa_serial": Build("sm_90a", "ours", "tma_serial_launches", attention="sdpa", fused_attention=True),
}


def build_one(name: str, build: Build, shape, out: pathlib.Path, model: str = "llama") -> dict[str, Any]:
    """Compile and export one build; its manifest entry."""
    import tvm

    import tvm_tma
    from tvm_tma import dlight as tdl
    from tvm_tma.codegen import kernel_source

    target = tvm.target.Target({"kind": "cuda", "arch": build.arch})
    start = time.perf_counter()
    shape = dataclasses.replace(shape, attention=build.attention)
    with target:
        passes = tdl.fusion_passes(target, attention=build.fused_attention, transpose_matmul=build.rules == "ours")
        fused = tvm.transform.Sequential(passes)(MODELS[model][1](shape))
        scheduled, taken_by = tdl.apply_rules(fused, build.schedule_rules())
    with tvm.transform.PassContext(config=build.config), tvm_tma.copy_report() as report:
        executable = tvm.compile(scheduled, target,
                                 relax_pipeline=tvm.transform.Sequential(tdl.lowering_passes(target)),
                                 tir_pipeline=build.tir_pipeline)
    library = out / f"{name}.so"
    executable.export_library(str(library))
    (out / f"{name}.cu").write_text(kernel_source(executable))
    seconds = time.perf_counter() - start
    print(f"built {name} in {seconds:.0f} s ({library.stat().st_size / 2**20:.1f} MiB)", flush=True)
    return {"name": name, "library": library.name, "arch": build.arch, "rules": build.rules,
            "tir_pipeline": build.tir_pipeline, "config": build.config, "matmul": build.matmul,
            "attention": build.attention, "fused_attention": build.fused_attention, "wgmma": build.wgmma,
            "inputs": shape.inputs(),
            "build_seconds": round(seconds, 1),
            "scheduled_by": dict(sorted(taken_by.items())),
            "unscheduled": sorted(gv.name_hint for gv, f in fused.functions_items()
                                  if isinstance(f, tvm.tirx.PrimFunc) and gv.name_hint not in taken_by
                                  and not f.attrs.get("tirx.is_scheduled", False)),
            "kernels": sorted(gv.name_hint for gv, f in fused.functions_items()  # tvm_tma.kernels (FuseAttention)
                              if isinstance(f, tvm.tirx.PrimFunc) and f.attrs.get("tirx.is_scheduled", False)),
            "copies": [str(entry) for entry in report]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("build/gpu/llama"))
    parser.add_argument("--seq", type=int, default=llama_layer.LayerShape.seq, help="tokens (batch 1)")
    parser.add_argument("--heads-kv", type=int, default=0,
                        help="key/value heads (8: Llama-3's grouped-query attention; the sdpa builds); 0: as heads")
    parser.add_argument("--dynamic", action="store_true", help="compile for any length; run at --seq")
    parser.add_argument("--small", action="store_true",
                        help="hidden 512 (4 heads), MLP 1024: a layer small enough for compute-sanitizer")
    parser.add_argument("--model", choices=sorted(MODELS), default="llama",
                        help="llama_layer.py's layer, gpt_block.py's block or hf_llama.py's layer (stock nn "
                             "modules; sdpa builds)")
    parser.add_argument("--only", help="comma-separated build names (default: all of BUILDS)")
    opts = parser.parse_args(argv)
    import tvm

    if opts.model == "gpt":
        shape = gpt_block.BlockShape(seq=opts.seq, dynamic=opts.dynamic)
    elif opts.model == "hf_llama":
        shape = hf_llama.HFLayerShape(seq=opts.seq, heads_kv=opts.heads_kv or 8, dynamic=opts.dynamic)
    else:
        small = {"hidden": 512, "heads": 4, "mlp": 1024} if opts.small else {}
        shape = llama_layer.LayerShape(seq=opts.seq, heads_kv=opts.heads_kv, dynamic=opts.dynamic, **small)
    selected = opts.only.split(",") if opts.only else list(BUILDS)
    opts.out.mkdir(parents=True, exist_ok=True)
    entries = [build_one(name, BUILDS[name], shape, opts.out, opts.model) for name in selected]
    total = sum((opts.out / e["library"]).stat().st_size for e in entries) / 2**20
    manifest = {"model": opts.model, "shape": dataclasses.asdict(shape), "params": shape.params(),
                "flops": shape.flops(), "tvm_version": tvm.__version__, "libraries_mib": round(total, 2),
                "builds": entries}
    (opts.out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(f"libraries: {total:.1f} MiB together")
    if total > CARRY_LIMIT_MIB:
        raise SystemExit(f"libraries: expected at most {CARRY_LIMIT_MIB} MiB to carry to the GPU, got {total:.1f} MiB")


if __name__ == "__main__":
    main()
