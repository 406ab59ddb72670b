#!/usr/bin/env python3
"""How much of a figure is the seed's luck: the estimate's exact dead sets against GNU Go and
KataGo where the two agree (the judges of consensus.sh), with the default seed and with
seeds 1..N (`echelle analyze --seed`). Compare a change on the mean over the seeds, each
seed before and after, never on the default seed alone: every rule so far was kept or
dropped on that seed's figures, and it is the best of eight on every dev set (FINDINGS,
27 November 2026, seventh session).

    python3 benches/peers/seeds.py [--echelle BIN] [--seeds N] [--split] LABEL=OUT_DIR[@PREFIX][,...] ...

With --split, the positions where the two judges differ are counted instead: per label, how
many of them the estimate gives KataGo's dead set and how many GNU Go's (neither judge is
right by definition there; read a few before trusting either column).

Each OUT_DIR is one consensus.sh output (files.txt, gnugo.jsonl, katago.jsonl), limited to
the positions whose path starts with PREFIX when one is given; the positions of one LABEL
are counted together. Prints, per label, the positions the judges agree on, the estimate's
exact count with the default seed, with each of seeds 1..N (7 by default), and their mean.
"""

import json
import os
import subprocess
import sys

from calibration import judged, split


def estimated(echelle, files, seed):
    """{file: the estimate's dead points} for the scored records of `files`."""
    cmd = [echelle, "analyze", "--dead-stones", "estimate", "-q", "--no-progress"]
    if seed is not None:
        cmd += ["--seed", str(seed)]
    out = subprocess.run(cmd + files, capture_output=True, text=True, check=True).stdout
    res = {}
    for line in out.splitlines():
        d = json.loads(line)
        if d.get("score"):
            ds = d["score"].get("dead_stones") or {}
            res[d["file"]] = frozenset(ds.get("black", [])) | frozenset(ds.get("white", []))
    return res


def exact(echelle, files, dead, seed):
    """Positions of `files` whose estimated dead set is the judges'."""
    est = estimated(echelle, files, seed)
    return sum(1 for f in files if f in est and est[f] == dead[f])


def sides(echelle, files, answers, seed):
    """(positions where the estimate is KataGo's, where it is GNU Go's) among split `files`."""
    est = estimated(echelle, files, seed)
    katago = sum(1 for f in files if f in est and est[f] == answers[f][1])
    gnugo = sum(1 for f in files if f in est and est[f] == answers[f][0])
    return katago, gnugo


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    echelle = os.path.join(here, "..", "..", "target", "release", "echelle")
    seeds = 7
    by_judge = False
    args = sys.argv[1:]
    while args[:1] in (["--echelle"], ["--seeds"], ["--split"]):
        if args[0] == "--split":
            by_judge = True
            args = args[1:]
            continue
        if len(args) < 2:
            sys.exit(__doc__)
        if args[0] == "--echelle":
            echelle = args[1]
        else:
            seeds = int(args[1])
        args = args[2:]
    if not args:
        sys.exit(__doc__)
    if by_judge:
        print_split(echelle, seeds, args)
        return
    print("| label | judges agree | default seed | seeds 1-%d | mean |" % seeds)
    print("|---|---|---|---|---|")
    for label, n, default, per_seed in rows(echelle, seeds, args, judged, exact):
        if not n:
            print(f"| {label} | 0 | | | |")
            continue
        mean = sum(per_seed) / len(per_seed)
        print(
            f"| {label} | {n} | {default} | "
            f"{min(per_seed)}-{max(per_seed)} ({', '.join(map(str, per_seed))}) | {mean:.1f} |"
        )


def rows(echelle, seeds, args, read, measure):
    """Per LABEL=... argument: (label, positions, `measure` on the default seed, on each of
    seeds 1..`seeds`), the positions being what `read` gives for its output directories."""
    for arg in args:
        label, found = labelled(arg, read)
        files = sorted(found)
        if not files:
            yield label, 0, None, None
            continue
        default = measure(echelle, files, found, None)
        yield label, len(files), default, [
            measure(echelle, files, found, s) for s in range(1, seeds + 1)
        ]


def labelled(arg, read):
    """(label, {file: what `read` gives for it}) of one LABEL=OUT_DIR[@PREFIX][,...] argument."""
    label, _, specs = arg.partition("=")
    found = {}
    for spec in specs.split(","):
        out_dir, _, prefix = spec.partition("@")
        found.update({f: a for f, a in read(out_dir).items() if f.startswith(prefix)})
    return label, found


def print_split(echelle, seeds, args):
    """The --split table: per label, the estimate's side where the judges differ."""
    print("| label | judges split | = KataGo, default seed | seeds 1-%d | = GNU Go, default seed "
          "| seeds 1-%d |" % (seeds, seeds))
    print("|---|---|---|---|---|---|")
    for label, n, default, per_seed in rows(echelle, seeds, args, split, sides):
        if not n:
            print(f"| {label} | 0 | | | | |")
            continue
        ks, gs = [k for k, _ in per_seed], [g for _, g in per_seed]
        print(
            f"| {label} | {n} | {default[0]} | {min(ks)}-{max(ks)} | {default[1]} "
            f"| {min(gs)}-{max(gs)} |"
        )


if __name__ == "__main__":
    main()
