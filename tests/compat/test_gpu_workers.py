"""The GPU runners' child-process machinery (``benchmarks/gpu_workers.py``), with a stand-in
worker script instead of GPU kernels: a hung case is killed and recorded, a crash is
recorded, and the rest of the batch runs in a new child."""

import pathlib
import sys
import textwrap

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "benchmarks"))

import gpu_workers

FAKE_WORKER = textwrap.dedent('''
    import sys, time
    sys.path.insert(0, {benchmarks!r})
    import gpu_workers
    args = sys.argv[1:]
    batch, skip = args[2], set(filter(None, args[4].split(",")))
    gpu_workers.emit({{"event": "loaded"}})
    for case in ["ok1", "hang", "crash", "ok2"]:
        for pipeline in ["default", "tma"]:
            if f"{{case}}:{{pipeline}}" in skip:
                continue
            gpu_workers.emit({{"event": "start", "case": case, "pipeline": pipeline}})
            if case == "hang" and pipeline == "tma":
                time.sleep(60)
            if case == "crash" and pipeline == "default":
                sys.exit(7)
            gpu_workers.emit({{"event": "result", "case": case, "pipeline": pipeline, "status": "correct"}})
''')


def test_hung_and_crashed_cases_are_recorded_and_the_batch_goes_on(tmp_path):
    script = tmp_path / "fake_worker.py"
    script.write_text(FAKE_WORKER.format(benchmarks=str(pathlib.Path(gpu_workers.__file__).parent)))
    pairs = [(c, p) for c in ["ok1", "hang", "crash", "ok2"] for p in ["default", "tma"]]
    records = gpu_workers.run_batches(str(script), tmp_path, {"0": pairs}, tmp_path / "logs", workers=1,
                                      case_timeout=2.0, load_timeout=30.0)
    status = {(r["case"], r["pipeline"]): r["status"] for r in records}
    assert status == {("ok1", "default"): "correct", ("ok1", "tma"): "correct",
                      ("hang", "default"): "correct", ("hang", "tma"): "hung",
                      ("crash", "default"): "crashed", ("crash", "tma"): "correct",
                      ("ok2", "default"): "correct", ("ok2", "tma"): "correct"}
    assert "exited 7" in next(r["detail"] for r in records if r["status"] == "crashed")
