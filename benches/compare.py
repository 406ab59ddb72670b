#!/usr/bin/env python3
"""Times echelle (1 and 2 threads) and sgfmill on the same files; called by compare.sh."""
import os
import subprocess
import sys
import time

echelle, data = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))

# Warm the page cache so both tools read from memory.
for dirpath, _d, files in os.walk(data):
    for f in files:
        with open(os.path.join(dirpath, f), "rb") as fh:
            fh.read()


def run_echelle(threads, extra=(), reps=3):
    best, games = None, 0
    for _ in range(reps):
        t0 = time.perf_counter()
        out = subprocess.run(
            [echelle, "analyze", data, "-j", str(threads), "--no-progress", "-q", *extra],
            check=True, capture_output=True).stdout
        t = time.perf_counter() - t0
        games = sum(1 for line in out.splitlines() if b'"game":null' not in line)
        best = t if best is None else min(best, t)
    return games, best


# Replay only (what sgfmill does): dead stones none makes counting a flood fill.
replay = ("--dead-stones", "none")
g1, t1 = run_echelle(1, replay)
g2, t2 = run_echelle(2, replay)
f1, u1 = run_echelle(1)
f2, u2 = run_echelle(2)
res = subprocess.run([sys.executable, os.path.join(here, "sgfmill_replay.py"), data],
                     check=True, capture_output=True, text=True).stdout.split()
sf, sg, st = int(res[0]), int(res[1]), float(res[2])
print(f"data: {data}")
print(f"echelle replay, 1 thread : {g1:6d} games in {t1:7.3f}s = {g1 / t1:8.0f} games/s (best of 3)")
print(f"echelle replay, 2 threads: {g2:6d} games in {t2:7.3f}s = {g2 / t2:8.0f} games/s (best of 3)")
print(f"echelle full,   1 thread : {f1:6d} games in {u1:7.3f}s = {f1 / u1:8.0f} games/s (dead-stone estimate on counted games)")
print(f"echelle full,   2 threads: {f2:6d} games in {u2:7.3f}s = {f2 / u2:8.0f} games/s")
print(f"sgfmill replay, 1 thread : {sg:6d} games in {st:7.3f}s = {sg / st:8.0f} games/s")
print(f"replay: echelle(1 thread) / sgfmill = {(g1 / t1) / (sg / st):.1f}x; speed-up 1 -> 2 threads = {t1 / t2:.2f}x")
print(f"full:   echelle(1 thread) / sgfmill = {(f1 / u1) / (sg / st):.1f}x; speed-up 1 -> 2 threads = {u1 / u2:.2f}x")
