"""The headline command (``benchmarks/headline.py``) without a GPU: the checked-in
``results/headline.md`` is what ``report`` renders from its results, RESULTS.md and it cite
exactly the files of ``results/``, every ratio is "x faster than" a named baseline, missing
inputs say "not built", and ``run`` drives runners (fake ones here) with a time limit."""

from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import re
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"
sys.path.insert(0, str(BENCH))

import headline  # noqa: E402

RESULTS_MD = BENCH / "RESULTS.md"
HEADLINE_JSON = BENCH / "results" / "headline.json"
HEADLINE_MD = BENCH / "results" / "headline.md"


def _render(summary: dict, base: pathlib.Path, sections=headline.SECTIONS):
    link = lambda p: os.path.relpath(p, base)  # noqa: E731
    plot = base / "headline.png"
    return headline.render(summary, base, link, sections, link(plot) if plot.exists() else None)


def test_headline_md_is_rendered_from_its_results():
    rendered, rows = _render(json.loads(HEADLINE_JSON.read_text()), HEADLINE_JSON.parent)
    assert HEADLINE_MD.read_text().strip() == rendered, \
        "benchmarks/results/headline.md is stale: run `python benchmarks/headline.py report " \
        "benchmarks/results/headline.json`"
    assert len(rows) >= 10


def test_results_pages_cite_every_results_file_and_only_existing_ones():
    cited = set(re.findall(r"\]\((results/[^)#]+)\)", RESULTS_MD.read_text()))
    cited |= {f"results/{name}" for name in re.findall(r"\]\(([^)#/]+)\)", HEADLINE_MD.read_text())}
    present = {str(p.relative_to(BENCH)) for p in (BENCH / "results").rglob("*") if p.is_file()}
    assert cited - present == set(), "cited but missing"
    assert present - cited == set(), "in benchmarks/results but cited by neither RESULTS.md nor results/headline.md"


def test_results_md_fits_a_page_and_its_lines_a_screen():
    lines = RESULTS_MD.read_text().splitlines()
    assert len(lines) <= 300
    assert max(map(len, lines)) <= 300
    headline_rows = RESULTS_MD.read_text().split("## ", 2)[1].count("\n| ") - 1  # the first table, less its rule
    assert 0 < headline_rows <= 25


def test_every_ratio_is_a_speed_ratio_against_a_named_baseline():
    _, rows = _render(json.loads(HEADLINE_JSON.read_text()), HEADLINE_JSON.parent)
    for _, row in rows:
        if row.ratio is None:  # a count of correct schedules
            assert row.direction == "", row
            continue
        assert row.ratio > 0, row
        assert re.fullmatch(r"x faster than (cuBLAS|cudaMemcpy|torch|stock TVM( \(geometric mean\))?)",
                            row.direction), row.direction


def test_sections_without_inputs_say_not_built_or_failed(tmp_path):
    summary = {"date": "2000-01-01", "command": "python benchmarks/headline.py", "build_command":
               "python benchmarks/headline.py", "tvm_version": "0", "sections": {
                   "gemm": {"status": "failed", "reason": "run_gpu.py exited with 1, no results"},
                   "copy": {"status": "not built", "reason": "no copies today"}}}
    block, rows = _render(summary, tmp_path)
    assert rows == []
    lines = block.splitlines()
    assert "| GEMM 4096³ fp16 → fp32 (`mma.sync`) | failed: run_gpu.py exited with 1, no results |" in block
    assert "| Device copies | not built: no copies today |" in block
    assert sum("not built: not in this run" in line for line in lines) == len(headline.SECTIONS) - 2
    assert "Made by `python benchmarks/headline.py`." in block
    assert "2000-01-01" not in block  # the run's date stays in headline.json


def _runner(path: pathlib.Path, body: str) -> str:
    """A runner script taking ``BUILD_DIR --out DIR``, running ``body``."""
    path.write_text("import json, pathlib, sys, time\n"
                    "build, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[3])\n"
                    + textwrap.dedent(body))
    return str(path)


def test_run_collects_results_kills_a_hung_runner_and_reports(tmp_path):
    fake = _runner(tmp_path / "fake.py", """\
        print("running bench_gemm_4096", flush=True)
        result = {"name": "bench_gemm_4096", "size": "4096^3", "timed": True, "correct": True, "rate": 300.0,
                  "unit": "TFLOP/s", "ratio": 0.5, "reference": {"op": "cuBLAS", "rate": 600.0}}
        out.mkdir(parents=True)
        (out / "results.json").write_text(json.dumps({"device": "Fake GPU", "torch": "0", "results": [result]}))
        """)
    hung = _runner(tmp_path / "hung.py", "print('waiting', flush=True)\ntime.sleep(60)\n")
    broken = _runner(tmp_path / "broken.py", "sys.exit(3)\n")
    noop = lambda directory: None  # noqa: E731
    gemm, wgmma, copy = headline.SECTIONS[:3]
    sections = (dataclasses.replace(gemm, parts=(headline.Part("stock", noop, fake, seconds=60),
                                                 headline.Part("tma", noop, hung, seconds=1))),
                dataclasses.replace(wgmma, parts=(headline.Part("tma", noop, fake),)),
                dataclasses.replace(copy, parts=(headline.Part("memcpy", noop, broken),)))
    build_dir = tmp_path / "build"
    build_dir.mkdir()
    (build_dir / "manifest.json").write_text(json.dumps({"command": "build it", "tvm_version": "0", "sections": {
        "gemm": {"status": "built", "parts": ["stock", "tma"]}, "copy": {"status": "built", "parts": ["memcpy"]},
        "wgmma": {"status": "not built", "reason": "no cases"}}}))
    out = tmp_path / "out"
    summary = headline.run(build_dir, out, sections, command="run it", python=[sys.executable])
    assert summary["device"] == "Fake GPU" and summary["command"] == "run it"
    assert summary["sections"]["gemm"] == {
        "status": "ok", "files": {"stock": "headline_gemm_stock.json"}, "exit": {"stock": 0, "tma": None},
        "failed": {"tma": "hung.py killed after 1 s, no results (log: logs/gemm_tma.log)"}}
    assert summary["sections"]["copy"]["status"] == "failed"
    assert summary["sections"]["copy"]["reason"] == "memcpy: broken.py exited with 3, no results " \
                                                    "(log: logs/copy_memcpy.log)"
    assert summary["sections"]["wgmma"] == {"status": "not built", "reason": "no cases", "files": {}}
    assert "waiting" in (out / "logs" / "gemm_tma.log").read_text()
    assert json.loads((out / "results" / "headline.json").read_text()) == summary
    text = (out / "results" / "headline.md").read_text()
    assert ("| stock TVM, `gemm_mma()` | 300.0 TFLOP/s | cuBLAS: 600.0 TFLOP/s | **0.500** x faster than cuBLAS |"
            in text)
    assert "[stock](headline_gemm_stock.json)" in text
    assert "|  | tma failed: hung.py killed after 1 s" in text
    assert "| Device copies | failed: memcpy: broken.py exited with 3" in text
    assert "| GEMM with `wgmma` | not built: no cases |" in text


def test_run_starts_no_runner_past_its_deadline(tmp_path):
    marker = tmp_path / "started"
    runner = _runner(tmp_path / "runner.py", f"pathlib.Path({str(marker)!r}).touch()\n")
    section = dataclasses.replace(headline.SECTIONS[0], parts=(headline.Part("stock", lambda d: None, runner),))
    (tmp_path / "manifest.json").write_text(json.dumps({"command": "build it", "tvm_version": "0", "sections": {
        "gemm": {"status": "built", "parts": ["stock"]}}}))
    summary = headline.run(tmp_path, tmp_path / "out", (section,), python=[sys.executable], deadline=0)
    assert not marker.exists()
    assert summary["sections"]["gemm"]["status"] == "failed"
    assert "not run: the run's 0 s were spent" in summary["sections"]["gemm"]["reason"]


def test_merge_builds_puts_each_kernel_beside_its_before(tmp_path):
    """``merge_builds.py``: an attention manifest (``cases``, libraries by name) and a Llama one
    (``builds`` with ``library``): the second directory's entries follow the first's of the
    same name, renamed with the suffix, their libraries copied under the new name."""
    import merge_builds

    def build(directory, key, names, tag):
        directory.mkdir()
        entries = []
        for name in names:
            entry = {"name": name} if key == "cases" else {"name": name, "library": f"{name}.so"}
            (directory / f"{name}.so").write_text(f"{tag} {name}")
            entries.append(entry)
        (directory / "manifest.json").write_text(json.dumps({"target": tag, key: entries}))

    for key in ("cases", "builds"):
        after, before, out = tmp_path / f"a_{key}", tmp_path / f"b_{key}", tmp_path / f"o_{key}"
        build(after, key, ["x", "y"], "after")
        build(before, key, ["y", "z"], "before")
        merged = merge_builds.merge(after, before, "_before", out)
        assert [e["name"] for e in merged[key]] == ["x", "y", "y_before"] and merged["target"] == "after"
        assert (out / "y_before.so").read_text() == "before y" and (out / "y.so").read_text() == "after y"
        assert json.loads((out / "manifest.json").read_text()) == merged
        if key == "builds":
            assert merged[key][2]["library"] == "y_before.so"
