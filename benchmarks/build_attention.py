"""Compile the fused attention kernels (:func:`tvm_tma.kernels.attention`) for ``run_attention.py``.

    python benchmarks/build_attention.py [--out build/gpu/attention] [--suite all|perf|check|sanitizer|key_tiles]
        [--only REGEX]

Suites of kernels, each exported with ``export_library`` into ``<out>/<name>.so`` beside
its CUDA (``<name>.cu``) and listed in ``<out>/manifest.json`` with the shapes to run it on
(``all``: the first two):

- ``perf``: the timed shapes (static lengths), each run against torch SDPA's cuDNN and
  FlashAttention-2 backends in the same process;
- ``check``: kernels with symbolic batch and lengths (one kernel for any shape), each run on
  the fixed lengths (1, 17, 127, 128, 129, 1000, 4096, 8192) and on random shapes (``--random
  N`` per kernel, seeded), and static kernels of one key tile, checked against torch's fp32
  SDPA;
- ``sanitizer``: persistent kernels of two items per CTA, small enough for compute-sanitizer;
- ``key_tiles``: head_dim 128's default tile against wider key tiles (:func:`key_tile_cases`).

``run_attention.py --processes 3`` times a suite in three processes and writes the medians
(``results/attention_medians_h100.md`` was ``--suite perf --no-variants`` with ``--only``
the defaults of the timed shapes, the tile each shape takes by default).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import re
import time
from typing import Any

FIXED_LENGTHS = (1, 17, 127, 128, 129, 1000, 4096, 8192)


def perf_cases(variants: bool = True) -> list[dict[str, Any]]:
    """The timed kernels: head_dim 128 at batch 1 and 4 with 32 heads, 4k and 8k tokens, both
    dtypes, causal and not; head_dim 64 and 256 and GQA 32/8 at short prefills."""
    cases = []
    for dtype in ("float16", "bfloat16"):
        for batch in (1, 4):
            for seq in (4096, 8192):
                for causal in (False, True):
                    cases.append(dict(batch=batch, heads=32, heads_kv=32, seq=seq, head_dim=128, dtype=dtype,
                                      causal=causal))
    for head_dim, heads_kv in ((64, 32), (256, 32), (128, 8)):
        for seq in (512, 1024):
            for causal in (False, True):
                cases.append(dict(batch=4, heads=32, heads_kv=heads_kv, seq=seq, head_dim=head_dim,
                                  dtype="float16", causal=causal))
    # persistent CTAs (a fixed grid walking (query tile, head) items, the default where every
    # CTA walks as many key tiles): the short prefills and the long ones, causal ones in pairs of
    # query tiles, and tails (a grid of 120 CTAs; one of 132 whose last items run on some CTAs only); the
    # rows above are one CTA per item
    for head_dim, heads_kv in ((64, 32), (256, 32), (128, 8)):
        for seq in (512, 1024):
            cases.append(dict(batch=4, heads=32, heads_kv=heads_kv, seq=seq, head_dim=head_dim, dtype="float16",
                              causal=False, persistent=True, variant="_persistent"))
    for dtype in ("float16", "bfloat16"):
        for batch in (1, 4):
            for seq in (4096, 8192):
                for causal in (False, True):  # causal: a head's query tiles in pairs
                    cases.append(dict(batch=batch, heads=32, heads_kv=32, seq=seq, head_dim=128, dtype=dtype,
                                      causal=causal, persistent=True, variant="_persistent"))
    for head_dim, heads_kv in ((64, 32), (128, 8)):
        for seq in (512, 1024):
            cases.append(dict(batch=4, heads=32, heads_kv=heads_kv, seq=seq, head_dim=head_dim, dtype="float16",
                              causal=True, persistent=True, variant="_persistent"))
    cases.append(dict(batch=3, heads=5, heads_kv=5, seq=1000, head_dim=128, dtype="bfloat16", causal=False,
                      persistent=True, variant="_persistent"))
    cases.append(dict(batch=2, heads=32, heads_kv=8, seq=777, head_dim=64, dtype="float16", causal=False,
                      persistent=True, variant="_persistent"))
    for seq, head_dim in ((384, 64), (640, 128)):  # odd rounds (3, 5) of the next item's Q loaded ahead
        cases.append(dict(batch=1, heads=132, heads_kv=132, seq=seq, head_dim=head_dim, dtype="float16", causal=False,
                          persistent=True, variant="_persistent"))
    if variants:
        cases += tile_variants()
    for case in cases:
        case["name"] = (f"perf_d{case['head_dim']}_{case['dtype']}_b{case['batch']}_h{case['heads']}x{case['heads_kv']}"
                        f"_s{case['seq']}{'_causal' if case['causal'] else ''}{case.get('variant', '')}")
        case["layout"] = "bshd"
        case["shapes"] = [(case["batch"], case["seq"], case["seq"])]
        case["timed"] = True
    return cases


TILE_VARIANTS = {  # head_dim: (rows, cols, stages, overlap, pingpong) beside the default tile
    128: [(128, 128, 2, True, True), (128, 176, 2, True, True)],
    64: [(128, 128, 2, True, True)],
    256: [(128, 64, 2, True, True), (128, 80, 2, True, True)],
}
"""Tiles timed beside :data:`tvm_tma.kernels.attention.TILES` (the ``variants`` of the perf suite)."""


def tile_variants() -> list[dict[str, Any]]:
    """The perf shapes of each head_dim again with the other tiles of :data:`TILE_VARIANTS`."""
    cases = []
    for head_dim, tiles in TILE_VARIANTS.items():
        seq = 8192 if head_dim == 128 else 1024
        for rows, cols, stages, overlap, pingpong in tiles:
            for causal in (False, True):
                cases.append(dict(batch=4, heads=32, heads_kv=32, seq=seq, head_dim=head_dim, dtype="float16",
                                  causal=causal, tile=[rows, cols, stages, overlap, pingpong],
                                  variant=f"_tile{rows}x{cols}_s{stages}{'_overlap' if overlap else ''}"
                                          f"{'_pingpong' if pingpong else ''}"))
    return cases


def key_tile_cases() -> list[dict[str, Any]]:
    """Head_dim 128 without a mask at 4k-8k tokens: the default (a persistent grid of 128 x 128
    tiles, the next Q loaded ahead) against 176 keys a step (FlashAttention-3's tile there) one
    CTA per item and on the persistent grid (O staged in Q's tile: no room for two Q tiles), and
    160 keys on the persistent grid; two versions of the ring each."""
    cases = []
    for dtype, batch, seq in [("float16", b, s) for b in (1, 4) for s in (4096, 8192)] + \
            [("bfloat16", 4, s) for s in (4096, 8192)]:
        base = dict(batch=batch, heads=32, heads_kv=32, seq=seq, head_dim=128, dtype=dtype, causal=False,
                    layout="bshd", shapes=[(batch, seq, seq)], timed=True)
        for variant, tile, persistent in (("_persistent", None, True), ("_t176", [128, 176, 2, True, True], False),
                                          ("_t176_persistent", [128, 176, 2, True, True], True),
                                          ("_t160_persistent", [128, 160, 2, True, True], True)):
            cases.append(dict(base, tile=tile, persistent=persistent,
                              name=f"perf_d128_{dtype}_b{batch}_s{seq}{variant}"))
    return cases


def sanitizer_cases() -> list[dict[str, Any]]:
    """The persistent kernels small enough for compute-sanitizer with two items per CTA (132
    heads of 256 tokens: 264 items on 132 CTAs), head_dim 64 and 128 (the next item's Q loaded
    ahead, in three and two versions of the ring) and 256 (O staged in Q's tile); causal rounds
    under one symbolic length."""
    persistent = [dict(batch=1, heads=132, heads_kv=132, seq=256, head_dim=d, dtype="float16", causal=False,
                       persistent=True, name=f"sanitizer_persistent_d{d}", layout="bshd", shapes=[(1, 256, 256)],
                       timed=False, static=True) for d in (64, 128, 256)]
    # causal under one symbolic length, 32 heads: 4 CTAs per head, two rounds each at 1000 tokens
    # (the ring carried across them), a CTA with no round at 129 (and the next Q loaded ahead: d64)
    one_length = [dict(batch=1, heads=32, heads_kv=8, head_dim=d, dtype="float16", causal=True, layout="bshd",
                       one_length=True, persistent=None, name=f"sanitizer_one_length_d{d}", timed=False,
                       shapes=[(1, 1000, 1000), (1, 129, 129)]) for d in (64, 128)]
    return persistent + one_length


def check_cases(randoms: int, seed: int) -> list[dict[str, Any]]:
    """The symbolic kernels and the shapes each is checked on; static kernels of one key tile."""
    rng = random.Random(seed)
    kernels = []
    for head_dim in (64, 128, 256):
        for heads, heads_kv in ((8, 8), (8, 2), (8, 1)):
            for causal in (False, True):
                kernels.append(dict(heads=heads, heads_kv=heads_kv, head_dim=head_dim, dtype="float16",
                                    causal=causal, layout="bshd"))
    for causal in (False, True):
        kernels.append(dict(heads=8, heads_kv=2, head_dim=128, dtype="bfloat16", causal=causal, layout="bshd"))
        kernels.append(dict(heads=8, heads_kv=2, head_dim=128, dtype="float16", causal=causal, layout="bhsd"))
    kernels.append(dict(heads=8, heads_kv=2, head_dim=128, dtype="float16", causal="bottom_right", layout="bshd"))
    kernels.append(dict(heads=8, heads_kv=8, head_dim=64, dtype="float16", causal="bottom_right", layout="bshd",
                        lse=False))
    kernels.append(dict(heads=8, heads_kv=2, head_dim=128, dtype="float16", causal=False, layout="bshd",
                        mask=["float16", False, True]))
    kernels.append(dict(heads=8, heads_kv=8, head_dim=64, dtype="bfloat16", causal=True, layout="bshd",
                        mask=["float32", True, False]))
    for k in kernels:
        causal = {False: "", True: "_causal", "bottom_right": "_causal_bottom_right"}[k["causal"]]
        mask = ""
        if k.get("mask"):
            mask = f"_mask_{k['mask'][0]}{'_b' if k['mask'][1] else ''}{'_h' if k['mask'][2] else ''}"
        k["name"] = (f"check_d{k['head_dim']}_{k['dtype']}_h{k['heads']}x{k['heads_kv']}_{k['layout']}{causal}{mask}"
                     f"{'_no_lse' if not k.get('lse', True) else ''}")
        fixed = [(1, n, n) for n in FIXED_LENGTHS if n <= (4096 if k["head_dim"] == 256 else 8192)]
        fixed += [(4, 129, 1000), (4, 1000, 129)]
        shapes = [(rng.randint(1, 4), rng.randint(1, 2048), rng.randint(1, 2048)) for _ in range(randoms)]
        k["shapes"] = fixed + shapes
        k["timed"] = False
    # causal under one symbolic length for queries and keys and a static batch: a head's query
    # tiles in rounds on a persistent grid (attention's default there, zigzag_ways)
    for head_dim, heads_kv, dtype, causal, batch in ((128, 8, "float16", True, 1), (128, 2, "bfloat16", True, 2),
                                                     (64, 8, "float16", True, 1),
                                                     (128, 2, "float16", "bottom_right", 3)):
        lengths = [n for n in FIXED_LENGTHS if n != 8192] + [255, 256, 257, 383, 384, 1023, 1025]
        kernels.append(dict(heads=8, heads_kv=heads_kv, head_dim=head_dim, dtype=dtype, causal=causal, layout="bshd",
                            batch=batch, one_length=True, persistent=None, timed=False,
                            name=f"check_d{head_dim}_{dtype}_b{batch}_h8x{heads_kv}_bshd_"
                                 f"{'causal' if causal is True else 'bottom_right'}_one_length",
                            shapes=[(batch, n, n) for n in lengths + [rng.randint(1, 2048) for _ in range(randoms)]]))
    # static lengths of one key tile in a ring of two versions (the walk's two iterations both
    # peeled, V_{-1} the tensor map's zero fill): head_dim 256's tile, and 128's persistent one
    for head_dim, seq_q, seq_kv, persistent, tile in ((256, 128, 64, False, None), (256, 200, 80, False, None),
                                                      (128, 256, 128, True, [128, 128, 2, True, True])):
        kernels.append(dict(heads=8, heads_kv=8, head_dim=head_dim, dtype="float16", causal=False, layout="bshd",
                            batch=1, seq=seq_q, seq_kv=seq_kv, persistent=persistent, tile=tile, static=True,
                            timed=False, shapes=[(1, seq_q, seq_kv)],
                            name=f"check_static_d{head_dim}_s{seq_q}x{seq_kv}{'_persistent' if persistent else ''}"))
    return kernels


def build(out: pathlib.Path, suite: str, only: str | None, randoms: int, seed: int,
          variants: bool = True) -> dict[str, Any]:
    import tvm

    from tvm_tma.codegen import SM90A, kernel_source
    from tvm_tma.kernels import attention
    from tvm_tma.kernels.attention import AttentionMask, AttentionTile

    selected = (perf_cases(variants) if suite in ("all", "perf") else []) + \
        (check_cases(randoms, seed) if suite in ("all", "check") else []) + \
        (sanitizer_cases() if suite == "sanitizer" else []) + (key_tile_cases() if suite == "key_tiles" else [])
    selected = [c for c in selected if only is None or re.search(only, c["name"])]
    out.mkdir(parents=True, exist_ok=True)
    target = tvm.target.Target(SM90A)
    for case in selected:
        start = time.perf_counter()
        dynamic = not case["timed"] and not case.get("static")
        one = case.get("one_length")  # (one symbolic length for queries and keys, a static batch)
        seq_q = tvm.tirx.Var("seq_q", "int32") if dynamic else case["seq"]
        seq_kv = (seq_q if one else "seq_kv") if dynamic else case.get("seq_kv", case["seq"])
        batch = "batch" if dynamic and not one else case["batch"]
        mod = attention(batch, case["heads"], case["heads_kv"], seq_q, seq_kv, case["head_dim"], case["dtype"],
                        causal=case["causal"], layout=case["layout"],
                        mask=AttentionMask(*case["mask"]) if case.get("mask") else None, lse=case.get("lse", True),
                        tile=AttentionTile(*case["tile"]) if case.get("tile") else None,
                        persistent=case.get("persistent", False))
        executable = tvm.compile(mod, target=target, tir_pipeline="tma")
        executable.export_library(str(out / f"{case['name']}.so"))
        (out / f"{case['name']}.cu").write_text(kernel_source(executable))
        print(f"built {case['name']} in {time.perf_counter() - start:.1f} s", flush=True)
    manifest = {"target": SM90A, "tvm_version": tvm.__version__, "cases": selected}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    return manifest


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("build/gpu/attention"))
    parser.add_argument("--suite", choices=("all", "perf", "check", "sanitizer", "key_tiles"), default="all")
    parser.add_argument("--only", help="regex on kernel names (re.search)")
    parser.add_argument("--no-variants", action="store_true", help="leave out the tiles of TILE_VARIANTS")
    parser.add_argument("--random", type=int, default=10, help="random shapes per check kernel")
    parser.add_argument("--seed", type=int, default=2026)
    opts = parser.parse_args(argv)
    build(opts.out, opts.suite, opts.only, opts.random, opts.seed, variants=not opts.no_variants)


if __name__ == "__main__":
    main()
