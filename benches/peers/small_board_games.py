#!/usr/bin/env python3
"""Real finished games on small boards: a check set for the dead-stone estimate on 9x9 and
13x13 positions people and programs left at the end of a game (the hidden OGS masks run
from 9x9 to 19x19; the project's other small-board positions are GNU Go's own games,
selfplay_positions.py). Picks the SGF files of GNU Go's and Fuego's regression suites
(`../shared/corpus`) on a 9x9 or 13x13 board whose result is a score (`RE[B+3.5]`, not a
resignation): computer olympiads, CGOS, KGS bot tournaments, NNGS games against people,
Mertin's 13x13 series. Judged by GNU Go and KataGo where the two agree, as every such set:

    python3 benches/peers/small_board_games.py OUT_DIR [CORPUS]
    bash benches/peers/consensus.sh --scored OUT_DIR/judges OUT_DIR/first OUT_DIR/second

links each file into OUT_DIR/first/ or OUT_DIR/second/ by the parity of the FNV-1a hash of
its path below CORPUS with `/` written `__` (the link's name): look at one half while
changing anything, check on the other. Stdlib only.
"""

import os
import re
import sys

SIZE = re.compile(r"SZ\[(9|13)\]")
SCORE = re.compile(r"RE\[[BW]\+[0-9]")
SUITES = ("fuego-regression", "gnugo-regression")


def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(here, "../../../shared/corpus")
    corpus = os.path.abspath(corpus)
    counts = {"first": 0, "second": 0}
    for half in counts:
        os.makedirs(os.path.join(out, half), exist_ok=True)
    for suite in SUITES:
        for root, dirs, files in os.walk(os.path.join(corpus, suite)):
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(root, name)
                try:
                    with open(path, encoding="latin-1") as fh:
                        text = fh.read()
                except OSError as e:
                    print(f"small_board_games.py: {path}: {e}", file=sys.stderr)
                    continue
                if not (SIZE.search(text) and SCORE.search(text)):
                    continue
                link = os.path.relpath(path, corpus).replace(os.sep, "__")
                half = "first" if fnv1a(link) % 2 == 0 else "second"
                target = os.path.join(out, half, link)
                if not os.path.lexists(target):
                    os.symlink(path, target)
                counts[half] += 1
    print(f"{counts['first']} files in {out}/first, {counts['second']} in {out}/second")


if __name__ == "__main__":
    main()
