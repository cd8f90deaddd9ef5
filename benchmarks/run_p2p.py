"""Two-GPU Put and Get with tvm_tma.p2p: byte-exact checks and bandwidth, copy engine vs TMA.

    python benchmarks/build_memcpy.py --out build/gpu/memcpy                      # compiler side
    python3 -m torch.distributed.run --nproc-per-node 2 .gpu/boot.py benchmarks/run_p2p.py \\
        build/gpu/memcpy/default.so --out $OUT/p2p                                # 2 GPUs

One process per GPU, started by torch's launcher, joined by ``torch.distributed`` (NCCL).
Each process allocates an ``inbox`` (written by the peer's Put) and an ``outbox`` (read by the
peer's Get) and exchanges CUDA IPC handles of both with ``all_gather_object`` of
``torch.multiprocessing.reductions.reduce_tensor``: the peer's buffers open in this process
as tensors of the peer's device. NVLink multicast is not used (the device README's rule).

Configurations: ``copy_engine`` (peer buffers opened as torch opens them, on the peer's
device), ``copy_engine_here`` and ``tma`` (opened on the issuing GPU, which the TMA kernel needs).

- Checks (rank 0 issues, every configuration, Put and Get): random bytes into poisoned buffers
  with guard bytes, at 1, 15, 16, 17 bytes, tile +- 1, 1 MiB + 3, 2^31 + 16, 2^32 + 48.
- Bandwidth, 1 MiB .. ``--max-gib`` GiB, bytes moved over the link per second (each byte
  counted once): one direction (rank 0 issues, rank 1 idles) and both at once (each rank
  issues to the other at the same time); median of launches queued behind a spinning GPU
  (``run_memcpy.queued_time_ms``).
Rank 0 writes ``results.json`` and prints the tables.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # tvm_tma (runtime side)
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import torch
import torch.distributed as dist
from torch.multiprocessing.reductions import reduce_tensor

from run_memcpy import queued_time_ms
from tvm_tma import memcpy, p2p

MiB = 1 << 20
GUARD = 64
POISON = 0x5A


def exchange(*tensors: torch.Tensor, here: bool) -> list[torch.Tensor]:
    """The peer's ``tensors`` (same order), opened from their CUDA IPC handles: on the peer's
    device as torch does (copy engine), or with ``here`` on this process's GPU (TMA: kernels
    of this GPU cannot reach a mapping made in the peer device's context; see tvm_tma.p2p)."""
    handles = [None] * dist.get_world_size()
    dist.all_gather_object(handles, [reduce_tensor(t) for t in tensors])
    opened = []
    for fn, args in handles[1 - dist.get_rank()]:
        args = list(args)
        if here:
            args[6] = torch.cuda.current_device()  # rebuild_cuda_tensor's storage_device
        opened.append(fn(*args))
    return opened


def sync_all() -> None:
    for d in range(torch.cuda.device_count()):
        torch.cuda.synchronize(d)


def check(name: str, copier: p2p.PeerCopy, op: str, n: int, local: torch.Tensor, peer: torch.Tensor,
          gen: torch.Generator) -> dict:
    """One Put (``local`` -> ``peer``) or Get (``peer`` -> ``local``) of ``n`` random bytes."""
    src_buf, dst_buf = (local, peer) if op == "put" else (peer, local)
    data = torch.randint(0, 256, (n,), dtype=torch.uint8, device=local.device, generator=gen)
    src_buf[:n].copy_(data)
    dst_buf[:n + GUARD].fill_(POISON)
    sync_all()
    getattr(copier, op)(dst_buf[:n], src_buf[:n])
    sync_all()
    got = dst_buf[:n + GUARD].to(local.device)
    wrong = int((got[:n] != data).sum())
    guard = int((got[n:] != POISON).sum())
    del data, got
    return {"transport": name, "op": op, "bytes": n, "wrong": wrong, "guard_overwritten": guard,
            "correct": wrong == 0 and guard == 0}


def bandwidth(copier: p2p.PeerCopy, op: str, n: int, local: torch.Tensor, peer: torch.Tensor, active: bool):
    """GB/s of ``n``-byte copies issued by this rank (``None`` when not ``active``)."""
    dist.barrier()
    if not active:
        dist.barrier()
        return None
    src, dst = (local[:n], peer[:n]) if op == "put" else (peer[:n], local[:n])
    ms = statistics.median(queued_time_ms(lambda: getattr(copier, op)(dst, src), 20))
    sync_all()
    dist.barrier()
    return n / ms / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("library", type=pathlib.Path, help="a tvm_tma.memcpy library")
    parser.add_argument("--out", type=pathlib.Path, default=pathlib.Path("."))
    parser.add_argument("--max-gib", type=int, default=4)
    parser.add_argument("--no-big", action="store_true", help="skip the 2^31 + 16 and 2^32 + 48 byte checks")
    opts = parser.parse_args(argv)
    dist.init_process_group("nccl")
    rank = dist.get_rank()
    torch.cuda.set_device(rank)
    big = [] if opts.no_big else [(1 << 31) + 16, (1 << 32) + 48]
    capacity = max([opts.max_gib << 30, 2 * MiB] + big) + GUARD
    # name -> (transport, peer buffers opened on this GPU)
    configs = {"copy_engine": ("copy_engine", False), "copy_engine_here": ("copy_engine", True),
               "tma": ("tma", True)}
    copiers = {name: p2p.PeerCopy(str(opts.library), transport=t) for name, (t, _) in configs.items()}
    buffers = {}  # config -> (inbox, outbox, peer's inbox, peer's outbox)
    for name, (_, here) in configs.items():
        inbox = torch.full((capacity,), POISON, dtype=torch.uint8, device="cuda")
        outbox = torch.zeros(capacity, dtype=torch.uint8, device="cuda")
        buffers[name] = (inbox, outbox, *exchange(inbox, outbox, here=here))
    report = {"device": torch.cuda.get_device_name(), "torch": torch.__version__,
              "peer_access": torch.cuda.can_device_access_peer(rank, 1 - rank),
              "peer_tensor_device": {t: str(b[2].device) for t, b in buffers.items()}, "checks": [], "bandwidth": []}
    if rank == 0:
        report["topology"] = subprocess.run(["nvidia-smi", "topo", "-m"], capture_output=True, text=True).stdout
        report["env"] = {k: os.environ.get(k) for k in ("NCCL_NVLS_ENABLE", "TORCH_SYMM_MEM_DISABLE_MULTICAST",
                                                        "NVSHMEM_DISABLE_NVLS")}
        print(report["topology"], report["env"], "peer tensors on", report["peer_tensor_device"], flush=True)
        tile = memcpy.load(str(opts.library))[1][-1].tile_bytes
        gen = torch.Generator(device="cuda").manual_seed(2026)
        for transport, copier in copiers.items():
            inbox, outbox, peer_inbox, peer_outbox = buffers[transport]
            for op in ("put", "get"):
                for n in [1, 15, 16, 17, tile - 1, tile + 1, MiB + 3] + big:
                    local, peer = (outbox, peer_inbox) if op == "put" else (inbox, peer_outbox)
                    report["checks"].append(check(transport, copier, op, n, local, peer, gen))
                    print(json.dumps(report["checks"][-1]), flush=True)
    dist.barrier()
    sizes = [MiB << 2 * k for k in range(16) if MiB << 2 * k <= opts.max_gib << 30]
    for transport, copier in copiers.items():
        inbox, outbox, peer_inbox, peer_outbox = buffers[transport]
        for op in ("put", "get"):
            local, peer = (outbox, peer_inbox) if op == "put" else (inbox, peer_outbox)
            for both in (False, True):
                for n in sizes:
                    mine = bandwidth(copier, op, n, local, peer, active=both or rank == 0)
                    rates = [None] * dist.get_world_size()
                    dist.all_gather_object(rates, mine)
                    row = {"transport": transport, "op": op, "directions": 2 if both else 1, "bytes": n,
                           "GBps": [r for r in rates if r is not None]}
                    report["bandwidth"].append(row)
                    if rank == 0:
                        print(json.dumps(row), flush=True)
    sync_all()
    dist.barrier()
    del buffers  # close the peers' IPC mappings before the peers free the memory
    sync_all()
    dist.barrier()
    if rank == 0:
        opts.out.mkdir(parents=True, exist_ok=True)
        (opts.out / "results.json").write_text(json.dumps(report, indent=1))
        checks = report["checks"]
        print(f"\nbyte-exact {sum(c['correct'] for c in checks)}/{len(checks)}")
        print("\nGB/s over the link (both directions: the sum); ratios to copy_engine")
        print("| op | directions | bytes | " + " | ".join(configs) + " |\n|---|---|---|" + "---|" * len(configs))
        rows = {(r["transport"], r["op"], r["directions"], r["bytes"]): sum(r["GBps"]) for r in report["bandwidth"]}
        for (name, op, dirs, n), ce in rows.items():
            if name == "copy_engine":
                cells = [f"{rows[(c, op, dirs, n)]:.1f}"
                         + ("" if c == name else f" ({rows[(c, op, dirs, n)] / ce:.3f})")
                         for c in configs]
                print(f"| {op} | {dirs} | {n} | " + " | ".join(cells) + " |")
        ok = all(c["correct"] for c in checks)
    dist.destroy_process_group()
    return 0 if rank != 0 or ok else 1


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    # Interpreter teardown after the run crashed on the H200 pair ("double free or corruption"
    # while torch's CUDA IPC bookkeeping and TVM's modules unload; cause not established):
    # leave without it, results written.
    os._exit(code)
