#!/usr/bin/env python3
"""Generated final positions for the groups whose only eye is a capture: a White group
round a Black chain of three to six stones (in the corner or at the top edge) that it holds
in atari, the chain's last liberty a point only the two touch; the group's other liberties
are zero to three points of dame against Black's living wall around it. Taking the chain
gives the group one eye when it stood in a killing shape (straight or bent three, pyramid
four, bulky five, crossed five, rabbity six, or a square four) and the opponent plays the
vital point, two when it did not: a check of `shape::lives_only_by_a_killing_capture` and
of what the playouts and readings make of the rest (none of these positions is a test
fixture). Black or White to move, at random.

    python3 benches/peers/capture_positions.py [SEED] [OUT_DIR] [COUNT] [LIBERTIES]

LIBERTIES (1 by default, or 2): the chain's liberties, each a point only the two touch. With
two, the group must fill one before it takes the chain at the other, so the space it is
left is the chain's points either way; with fewer than two dame besides, the opponent fills
them and it is a seki.

writes OUT_DIR/k0000.sgf ... (13x13 setup positions, both players passed). The rest of the
board is finished as in enclosed_positions.py. Judge them with
`bash benches/peers/consensus.sh OUT OUT_DIR`.
"""

import os
import sys

from enclosed_positions import (
    arguments,
    coords,
    finish,
    liberties,
    neighbours,
    ringed,
    shapes,
    write_position,
)


def main():
    rng, out, count_max = arguments(227, "target/captures", 200)
    libs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    if libs not in (1, 2):
        sys.exit("capture_positions.py: LIBERTIES is 1 or 2")
    count = 0
    for shape in shapes(rng, sizes=range(3, 7), tries=2000):
        ring = ringed(shape, rng.choice((0, 7)))  # the corner or the top edge
        if ring is None:
            continue
        region, group, wall = ring
        # The chain's liberties: points of the group next to the chain whose other
        # neighbours are the group's or the chain's.
        lasts = sorted(
            p
            for p in group
            if any(q in region for q in neighbours(p))
            and all(q in group or q in region for q in neighbours(p))
        )
        if len(lasts) < libs:
            continue
        # One liberty drawn as the first version of this script drew it: its seeds' sets
        # stay as they were.
        taken = [rng.choice(lasts)] if libs == 1 else rng.sample(lasts, libs)
        # Dame: points of the wall next to the group, left empty.
        open_wall = sorted(p for p in wall if any(q in group for q in neighbours(p)))
        dame = rng.sample(open_wall, min(len(open_wall), rng.choice((0, 1, 2, 2, 3))))
        board = {p: "W" for p in group if p not in taken}
        board.update({p: "B" for p in wall if p not in dame})
        board.update({p: "B" for p in region})
        # finish() fills every empty point but those it is told to leave (the last liberty
        # and the dame), its eyes kept away from them and the chain.
        if not finish(board, region | set(taken) | set(dame), group, wall):
            continue
        if liberties(board, next(iter(region))) != set(taken):
            continue
        mover = rng.choice("BW")
        ending = ";W[];B[]" if mover == "W" else ";B[];W[]"
        write_position(
            os.path.join(out, "k%04d.sgf" % count),
            board,
            "chain %s, %s %s, dame %s, %s to move"
            % (
                coords(sorted(region)),
                "last liberty" if libs == 1 else "liberties",
                coords(sorted(taken)),
                coords(sorted(dame)),
                mover,
            ),
            ending,
        )
        count += 1
        if count >= count_max:
            break
    print(count)


if __name__ == "__main__":
    main()
