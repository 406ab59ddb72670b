"""Dask scaling of echelle.dask.analyze: 1 worker against 2 on a LocalCluster, beside the
command line at -j 1 and -j 2 and echelle.analyze in one process.

    target/py-venv/bin/python benches/dask_scaling.py [DIR] [--partitions N] [--repeat N]

DIR defaults to ../shared/corpus/yenw-ai-games. Each worker is a process with one thread;
each partition is analysed with threads=1. The cluster is started before the clock; the
records are either gathered on the client (as a recipe that rates them does) or counted where
they are (as when the workers write their part files). Best of --repeat. The printed load
average says how much of the machine other jobs held: on a busy machine -j 2 is no faster
than -j 1, and no Dask figure can be either.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import time
from pathlib import Path

import distributed

import echelle
import echelle.dask

ROOT = Path(__file__).resolve().parents[1]


def best(repeat, f):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        n = f()
        times.append(time.perf_counter() - t)
    return min(times), n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=str(ROOT.parent / "shared/corpus/yenw-ai-games"))
    ap.add_argument("--partitions", type=int, default=32)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cli = os.environ.get("ECHELLE_BIN", str(ROOT / "target/release/echelle"))
    files = echelle.list_inputs([args.dir])
    print(f"{args.dir}: {len(files)} inputs, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}")
    rows = []
    for j in (1, 2):
        def run_cli():
            out = subprocess.run([cli, "analyze", "-q", "--no-progress", "-j", str(j), args.dir],
                                 stdout=subprocess.PIPE, check=True)
            return out.stdout.count(b"\n")
        rows.append((f"echelle analyze -j {j}", *best(args.repeat, run_cli)))
    for j in (1, 2):
        rows.append((f"echelle.analyze(threads={j})",
                     *best(args.repeat, lambda: sum(1 for _ in echelle.analyze(args.dir, threads=j)))))
    for workers in (1, 2):
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, distributed.Client(cluster):
            bag = echelle.dask.inputs(files, npartitions=args.partitions)
            records = echelle.dask.analyze(bag)
            # Records gathered on the client (to rate them), or left on the workers (as
            # when each writes its part files): the client's unpickling is serial.
            rows.append((f"echelle.dask.analyze, {workers} worker(s), gathered",
                         *best(args.repeat, lambda: len(records.compute()))))
            rows.append((f"echelle.dask.analyze, {workers} worker(s), kept on the workers",
                         *best(args.repeat, lambda: records.count().compute())))
    print(f"| run | records | seconds | records/s |")
    print(f"|---|---|---|---|")
    for name, secs, n in rows:
        print(f"| {name} | {n} | {secs:.2f} | {n / secs:,.0f} |")


if __name__ == "__main__":
    main()
