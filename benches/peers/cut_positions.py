#!/usr/bin/env python3
"""Games ended before their borders were closed: each record of SRC_DIR (one game of plain
`;B[..];W[..]` moves, as selfplay_positions.py writes them) cut after a share of its moves
drawn per game in [LOW, HIGH], then both players pass. The positions of a game stopped
early by players who agree on the result (open borders, dame and cutting points left, a
chain joined to its group only through empty points): what the OGS masks and many server
records hold, and what finished self-play games do not. Judge them as the other generated
sets (`bash benches/peers/consensus.sh OUT OUT_DIR`).

    python3 benches/peers/cut_positions.py SEED SRC_DIR OUT_DIR [LOW] [HIGH]

writes OUT_DIR/<name>c.sgf for every SRC_DIR/<name>.sgf (defaults 0.75 and 0.95).
"""

import os
import random
import re
import sys

MOVE = re.compile(r";([BW])\[([a-s]{0,2})\]")


def main():
    seed, src, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
    low = float(sys.argv[4]) if len(sys.argv) > 4 else 0.75
    high = float(sys.argv[5]) if len(sys.argv) > 5 else 0.95
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for name in sorted(os.listdir(src)):
        if not name.endswith(".sgf"):
            continue
        text = open(os.path.join(src, name)).read()
        first = MOVE.search(text)
        if first is None:
            continue
        head = text[: first.start()]
        moves = MOVE.findall(text)
        keep = max(1, int(len(moves) * rng.uniform(low, high)))
        moves = moves[:keep]
        # Both pass after the last move kept: the side after it passes first.
        last = moves[-1][0]
        other = "W" if last == "B" else "B"
        body = "".join(";%s[%s]" % m for m in moves) + ";%s[];%s[]" % (other, last)
        with open(os.path.join(out, name[:-4] + "c.sgf"), "w") as f:
            f.write(head + body + ")\n")


if __name__ == "__main__":
    main()
