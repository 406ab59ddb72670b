#!/usr/bin/env python3
"""How far the estimate's confidence holds: each group `echelle show` lists (method,
confidence, the share of the playouts that kept it) against GNU Go and KataGo where the two
agree on the position's dead stones (the judges of consensus.sh).

    python3 benches/peers/calibration.py [--echelle BIN] [--by-size] LABEL=OUT_DIR[@PREFIX][,...] ...

Each OUT_DIR is one consensus.sh output (gnugo.jsonl, katago.jsonl), limited to the
positions whose path starts with PREFIX when one is given (one half of a set judged
whole); the positions of one LABEL (a tuning part, a check part) are counted together. A group is
wrong when the judges' fate of its stones (dead, or not) differs from the estimate's; the
stones compared are those `show` lists for it (every stone up to twelve, the first twelve
of a bigger group: a group is decided whole). Prints, per label, the groups decided by the
playouts in bands of `kept`, then those decided otherwise, by method. `--by-size` splits the
playouts' bands into groups of fewer than 20 stones and of 20 or more (`life::BIG_GROUP`).
"""

import json
import os
import re
import subprocess
import sys
from collections import defaultdict

BANDS = [0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.75, 0.8, 0.9, 1.0]
GROUP = re.compile(
    r"^  (Black|White) (alive|dead|seki) \(([a-z-]+), ([a-z]+)"
    r"(?:, kept in ([0-9.]+) % of the playouts)?\): ([0-9]+): .*\(([^()]*)\)$"
)


def judged(out_dir):
    """{file: dead points} where GNU Go and KataGo both answered and agree."""
    gnugo, katago = answers(out_dir)
    return {f: d for f, d in gnugo.items() if katago.get(f) == d}


def split(out_dir):
    """{file: (GNU Go's dead points, KataGo's)} where both answered and they differ."""
    gnugo, katago = answers(out_dir)
    return {f: (d, katago[f]) for f, d in gnugo.items() if f in katago and katago[f] != d}


def answers(out_dir):
    """GNU Go's and KataGo's {file: dead points}, where each answered."""
    def load(name):
        res = {}
        path = os.path.join(out_dir, name)
        if not os.path.exists(path):
            return res
        for line in open(path):
            d = json.loads(line)
            ds = (d.get("score") or {}).get("dead_stones") or {}
            if ds.get("source") == "gtp":
                res[d["file"]] = frozenset(ds.get("black", [])) | frozenset(ds.get("white", []))
        return res

    return load("gnugo.jsonl"), load("katago.jsonl")


def groups(echelle, sgf):
    """(method, kept or None, estimate says dead, its listed SGF points, its size) per group."""
    out = subprocess.run(
        [echelle, "show", sgf, "--dead-stones", "estimate", "--color", "never"],
        capture_output=True, text=True,
    ).stdout
    for line in out.splitlines():
        m = GROUP.match(line)
        if m:
            points = [p for p in m.group(7).split() if p not in ("…",) and not p.startswith("+")]
            kept = float(m.group(5)) / 100 if m.group(5) is not None else None
            yield m.group(3), kept, m.group(2) == "dead", points, int(m.group(6))


def main():
    args = sys.argv[1:]
    echelle = os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "echelle")
    by_size = False
    while args[:1] in (["--echelle"], ["--by-size"]):
        if args[0] == "--by-size":
            by_size, args = True, args[1:]
        elif len(args) > 1:
            echelle, args = args[1], args[2:]
        else:
            sys.exit(__doc__)
    if not args:
        sys.exit(__doc__)
    for arg in args:
        label, _, dirs = arg.partition("=")
        rows = defaultdict(lambda: [0, 0])
        positions = 0
        for spec in dirs.split(","):
            out_dir, _, prefix = spec.partition("@")
            for sgf, dead in sorted(judged(out_dir).items()):
                if not sgf.startswith(prefix):
                    continue
                positions += 1
                for method, kept, est_dead, points, size in groups(echelle, sgf):
                    if not points:
                        continue
                    judges_dead = 2 * sum(p in dead for p in points) > len(points)
                    if method == "playouts" and kept is not None:
                        lo = max(b for b in BANDS[:-1] if b <= kept)
                        hi = BANDS[BANDS.index(lo) + 1]
                        key = "playouts, kept %d-%d %%" % (round(lo * 100), round(hi * 100))
                        if by_size:
                            key += ", 20+ stones" if size >= 20 else ", under 20 stones"
                    else:
                        key = method
                    rows[key][0] += 1
                    rows[key][1] += est_dead != judges_dead
        print("%s: %d positions" % (label, positions))
        print("| groups | count | the judges decide otherwise |")
        print("|---|---|---|")
        for key in sorted(rows, key=lambda k: (not k.startswith("playouts"), k)):
            n, wrong = rows[key]
            print("| %s | %d | %d (%.1f %%) |" % (key, n, wrong, 100.0 * wrong / n))


if __name__ == "__main__":
    main()
