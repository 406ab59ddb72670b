#!/usr/bin/env python3
"""How often the verdict hides a wrong recorded result: the finished games whose count
reproduces `RE` exactly, written again with `RE`'s margin moved by a few points (and, with
`--swap`, with the other player named the winner by the same margin), then analysed; every
such copy ought to be `margin-differs` (or `winner-differs`). A `match` is a
wrong result the verdict accepts; an `uncertain` is one it lets the uncertain groups
explain. The figure that tells whether a rule that explains mismatches away (the
uncertain groups, say) tells real explanations from coincidences.

    python3 benches/peers/perturb_re.py [--echelle BIN] [--deltas -3,-2,-1,1,2,3] [--swap] OUT_DIR PATH...

(BIN is `target/release/echelle` unless given: `cargo build --release` first.)

Runs `echelle analyze --dead-stones estimate` on PATH, keeps the games with a score `RE`
whose verdict is `match` (one game a file, not in an archive), writes each again to OUT_DIR
once per delta (the margin plus the delta; a margin that would not stay above zero is
skipped), analyses OUT_DIR and prints, per top folder of PATH and per delta, how many
copies each verdict got. The records are read from PATH and written only to OUT_DIR.
"""

import collections
import json
import os
import re
import subprocess
import sys

RE_SCORE = re.compile(rb"RE\[([BW])\+([0-9]+(?:\.[0-9]+)?)\]")


def analyze(echelle, paths):
    """One JSON object a game, from `echelle analyze` with the estimate."""
    cmd = [echelle, "analyze", "--dead-stones", "estimate", "-q", "--no-progress"] + paths
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def folder(path, roots):
    """The first folder of `path` below the PATH it was found under."""
    path = os.path.abspath(path)
    for root in roots:
        root = os.path.abspath(root)
        if path.startswith(root + os.sep):
            rest = path[len(root) + 1 :].split(os.sep)
            return rest[0] if len(rest) > 1 else os.path.basename(root)
    return "?"


def main():
    args = sys.argv[1:]
    echelle = "target/release/echelle"
    deltas = [-3, -2, -1, 1, 2, 3]
    swap = False
    while args[:1] in (["--echelle"], ["--deltas"], ["--swap"]) and len(args) > 1:
        if args[0] == "--swap":
            swap, args = True, args[1:]
            continue
        if args[0] == "--echelle":
            echelle = args[1]
        else:
            deltas = [int(d) for d in args[1].split(",") if int(d) != 0]
        args = args[2:]
    if len(args) < 2:
        sys.exit("usage: perturb_re.py [--echelle BIN] [--deltas LIST] OUT_DIR PATH...")
    out, paths = args[0], args[1:]
    os.makedirs(out, exist_ok=True)
    written = 0
    for n, game in enumerate(analyze(echelle, paths)):
        result = game.get("result") or {}
        if game.get("verdict") != "match" or game.get("game") != 0:
            continue
        if result.get("kind") != "score" or result.get("margin") is None:
            continue
        path = game["file"]
        if not os.path.isfile(path):
            continue  # an archive's entry
        text = open(path, "rb").read()
        found = RE_SCORE.search(text)
        if text.count(b"(;") != 1 or not found:
            continue
        top = folder(path, paths)
        other = b"W" if found.group(1) == b"B" else b"B"
        copies = [(found.group(1), float(found.group(2)) + d, "%+d" % d) for d in deltas]
        copies += [(other, float(found.group(2)), "swap")] if swap else []
        for winner, margin, label in copies:
            if margin <= 0:
                continue
            new = b"RE[%s+%s]" % (winner, ("%g" % margin).encode())
            name = os.path.join(out, "%s__%d__%s.sgf" % (top, n, label))
            with open(name, "wb") as f:
                f.write(text[: found.start()] + new + text[found.end() :])
            written += 1
    counts = collections.Counter()
    for game in analyze(echelle, [out]):
        top, _, d = os.path.basename(game["file"])[:-4].split("__")
        for key in ((top, "all"), ("all", d), ("all", "all")):
            counts[key + (game.get("verdict"),)] += 1
    print(f"{written} copies with a moved RE (deltas {deltas}); verdicts:")
    rows = sorted({k[:2] for k in counts})
    verdicts = sorted({k[2] for k in counts})
    print("| folder | delta | " + " | ".join(verdicts) + " |")
    print("|---|---|" + "---|" * len(verdicts))
    for r in rows:
        print(f"| {r[0]} | {r[1]} | " + " | ".join(str(counts[r + (v,)]) for v in verdicts) + " |")


if __name__ == "__main__":
    main()
