#!/usr/bin/env python3
"""Generated final positions for the dead-stone estimate's eye-shape and connection cases:
a White group inside Black's area enclosing a random eye space (4 to 8 points in a 5x4 box
at the top edge, in the corner or at the side), with some of its own stones inside the
space and up to two notches (Black stones from the wall cutting into the group's ring,
which make eyes false and split the group into chains that touch only through the space).
A held-out check of the enclosed reading and of the chains left in atari: compare the
estimate with GNU Go and KataGo on them (none of these positions is a test fixture).

    python3 benches/peers/notch_positions.py [SEED] [OUT_DIR] [COUNT]

writes OUT_DIR/e0000.sgf ... (13x13 setup positions, both players passed: Black to move).
The rest of the board is finished as in enclosed_positions.py. To compare:

    echelle analyze OUT_DIR --dead-stones estimate -o est.jsonl
    echelle analyze OUT_DIR --dead-stones "gtp:/usr/games/gnugo --mode gtp" -o gnugo.jsonl

and KataGo through katago_rawnn.py (README, "KataGo as the engine"); then count the
positions where the estimate's dead set equals the engines' when the two engines agree.
"""

import os

from enclosed_positions import (
    arguments,
    coords,
    finish,
    neighbours,
    ringed,
    shapes,
    write_position,
)


def main():
    rng, out, count_max = arguments(17, "target/notches", 400)
    count, seen = 0, set()
    for shape in shapes(rng, sizes=range(4, 9), tries=3000):
        ring = ringed(shape, rng.choice((0, 7)))  # the corner or the top edge
        if ring is None:
            continue
        region, group, wall = ring
        for _ in range(3):
            board = {p: "W" for p in group}
            board.update({p: "B" for p in wall})
            own = rng.sample(sorted(region), rng.randrange(0, len(region) - 1))
            board.update({p: "W" for p in own})
            notchable = sorted(p for p in group if any(q in wall for q in neighbours(p)))
            notches = rng.sample(notchable, min(len(notchable), rng.choice((0, 1, 1, 2))))
            board.update({p: "B" for p in notches})
            if not finish(board, region, group, wall):
                continue
            key = frozenset(board.items())
            if key in seen:
                continue
            seen.add(key)
            write_position(
                os.path.join(out, "e%04d.sgf" % count),
                board,
                "region %s; notches %s" % (coords(sorted(region)), coords(sorted(notches))),
            )
            count += 1
        if count >= count_max:
            break
    print(count)


if __name__ == "__main__":
    main()
