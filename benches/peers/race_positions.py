#!/usr/bin/env python3
"""Generated final positions for the dead-stone estimate's capturing races: along the top
edge a White group shut in by Black's wall and a Black group shut in by White's wall, side by
side, neither pass-alive. Each group is one row of stones with the edge row above it: some of
its outside liberties filled by the enemy wall, an eye (one or two points) or none, and a
stone at its tip (next to the other group) or not, which makes the other's liberty there a
shared one. (No empty column between the groups: a point there would touch a wall below it,
a cutting point the players would have settled.) Who wins turns on the liberties, the eyes
and, when they are even, on who is to move: each board is written twice, Black to move
(rNNNNb.sgf) and White to move (rNNNNw.sgf), so that the races a finished game would leave
(the same fate whoever moves) can be told from those the players would still play. A
held-out check of the race reading: compare the estimate with GNU Go and KataGo on them
(none of these positions is a test fixture).

    python3 benches/peers/race_positions.py [SEED] [OUT_DIR] [COUNT]

writes OUT_DIR/r0000b.sgf, r0000w.sgf ... (13x13 setup positions, both players passed).
Below the walls the board is finished: Black's area on the left, White's on the right, with
single-point eyes. Compare as for notch_positions.py.
"""

import os
import random
import sys

from enclosed_positions import N, liberties, write_position


def side(rng, width, own, enemy):
    """The edge row over a group's body of `width` points, from the enemy wall inwards: the
    enemy's stones, outside liberties, then perhaps the group's own stones round an eye."""
    row = []
    eye = rng.choice((0, 0, 1, 2))
    closing = 2 + eye if eye else 0  # own stone, eye points, own stone
    if closing > width:
        eye, closing = 0, 0
    filled = rng.randrange(0, width - closing + 1)
    libs = width - closing - filled
    row += [enemy] * filled + [None] * libs
    if eye:
        row += [own] + [None] * eye + [own]
    elif row and row[-1] is None and rng.random() < 0.3:
        row[-1] = own  # a stone at the tip: the other side's liberty next to it is shared
    return row, eye


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 31
    out = sys.argv[2] if len(sys.argv) > 2 else "target/races"
    count_max = int(sys.argv[3]) if len(sys.argv) > 3 else 400
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    count, seen, tries = 0, set(), 0
    while count < count_max and tries < 100 * count_max:
        tries += 1
        white_width = rng.randrange(3, 9)  # White body: columns 1 .. white_width
        first_black = white_width + 1  # Black body: first_black .. 11
        if 11 - first_black + 1 < 3:
            continue
        board = {}
        for x in range(1, white_width + 1):
            board[(x, 1)] = "W"
        for x in range(first_black, 12):
            board[(x, 1)] = "B"
        white_row, white_eye = side(rng, white_width, "W", "B")
        for i, c in enumerate(white_row):
            if c:
                board[(1 + i, 0)] = c
        black_row, black_eye = side(rng, 11 - first_black + 1, "B", "W")
        for i, c in enumerate(black_row):
            if c:
                board[(11 - i, 0)] = c
        # The walls: Black's round the White group, White's round the Black group.
        split = first_black
        for y in (0, 1):
            board[(0, y)] = "B"
            board[(N - 1, y)] = "W"
        for x in range(N):
            for y in range(2, N):
                eye = x % 2 == 1 and y % 2 == 0 and y >= 4 and x not in (split - 1, split)
                if not eye:
                    board[(x, y)] = "B" if x < split else "W"
        if not all(liberties(board, p) for p in board):
            continue
        key = frozenset(board.items())
        if key in seen:
            continue
        seen.add(key)
        for to_move, ending in (("b", ";B[];W[]"), ("w", ";W[];B[]")):
            write_position(
                os.path.join(out, "r%04d%s.sgf" % (count, to_move)),
                board,
                "White eye %d; Black eye %d" % (white_eye, black_eye),
                ending,
            )
        count += 1
    print(count)


if __name__ == "__main__":
    main()
