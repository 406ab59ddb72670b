#!/usr/bin/env python3
"""Generated final positions for the dead-stone estimate's invaders: a few White stones
left inside Black's area (a random region of 10 to 22 points in a 7x5 box at the top edge,
in the corner or at the side, walled in by Black), sometimes with Black stones among them.
Whether the invaders live turns on the room they have and on who is to move: each board is
written twice, Black to move (iNNNNb.sgf) and White to move (iNNNNw.sgf). The class of the
issue's "dead groups with too little eye space inside the opponent's area": a held-out
check of the estimate there (none of these positions is a test fixture).

    python3 benches/peers/invasion_positions.py [SEED] [OUT_DIR] [COUNT]

writes OUT_DIR/i0000b.sgf, i0000w.sgf ... (13x13 setup positions, both players passed).
The rest of the board is finished as in enclosed_positions.py. Compare as for
notch_positions.py.
"""

import os
import random
import sys

from enclosed_positions import around, coords, finish, neighbours, write_position


def region_of(rng, size):
    """A connected region of `size` points touching the top edge, within a 7x5 box."""
    box = {(x, y) for x in range(7) for y in range(5)}
    s = {(rng.randrange(4), 0)}
    while len(s) < size:
        q = rng.choice(list(neighbours(rng.choice(sorted(s)))))
        if q in box:
            s.add(q)
    return s


def cluster(rng, region, count):
    """`count` points of `region` grown from one point, mostly next to each other (a knight's
    or one-point jump now and then, as invaders play)."""
    start = rng.choice(sorted(region))
    s = {start}
    for _ in range(count * 20):
        if len(s) >= count:
            break
        p = rng.choice(sorted(s))
        near = list(neighbours(p)) if rng.random() < 0.7 else list(around(p))
        q = rng.choice(near)
        if q in region:
            s.add(q)
    return s


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 59
    out = sys.argv[2] if len(sys.argv) > 2 else "target/invasions"
    count_max = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    count, seen = 0, set()
    while count < count_max:
        offset = rng.choice((0, 1))  # the corner or the top edge (the wall stays left of column K)
        shape = region_of(rng, rng.randrange(10, 23))
        region = {(x + offset, y) for x, y in shape}
        wall = {q for p in region for q in around(p) if q not in region}
        board = {p: "B" for p in wall}
        white = cluster(rng, region, rng.randrange(3, len(region) * 2 // 3))
        board.update({p: "W" for p in white})
        rest = sorted(region - white)
        black = rng.sample(rest, min(len(rest), rng.choice((0, 0, 1, 2))))
        board.update({p: "B" for p in black})
        if len(region) - len(white) - len(black) < 3:
            continue
        if not finish(board, region, set(), wall):
            continue
        key = frozenset(board.items())
        if key in seen:
            continue
        seen.add(key)
        comment = "region %s; White %s; Black inside %s" % (
            coords(sorted(region)),
            coords(sorted(white)),
            coords(sorted(black)),
        )
        # Black to move after both passed (B then W), and White to move (W then B).
        for suffix, ending in (("b", ";B[];W[]"), ("w", ";W[];B[]")):
            write_position(os.path.join(out, "i%04d%s.sgf" % (count, suffix)), board, comment, ending)
        count += 1
    print(count)


if __name__ == "__main__":
    main()
