#!/usr/bin/env python3
"""Generated final positions of the dead-stone estimate's hardest class: a White group
enclosing a small region (3 to 6 points, in the corner or on the edge) that holds one to
three Black stones and two or three empty points, the group's only liberties being inside
the region; Black's living stones all around it. Such a group is dead, alive or in seki
depending on the exact shape: a held-out check of the seki proof and the enclosed reading
(none of these positions was looked at while tuning them).

    python3 benches/peers/enclosed_positions.py [SEED] [OUT_DIR] [COUNT]

writes OUT_DIR/s0000.sgf ... (13x13 setup positions, both players passed). The rest of the
board is finished: Black's area left of column K, White's right of it, both filled with
stones around single-point eyes, so that a reader has nothing to read there.
`benches/peers/enclosed.sh` compares echelle's estimate with GNU Go on them.
"""

import itertools
import os
import random
import sys

N = 13


def neighbours(p):
    x, y = p
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= x + dx < N and 0 <= y + dy < N:
            yield (x + dx, y + dy)


def around(p):
    """The eight points around p (diagonals included)."""
    x, y = p
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if (dx or dy) and 0 <= x + dx < N and 0 <= y + dy < N:
                yield (x + dx, y + dy)


def connected(points):
    points = set(points)
    start = next(iter(points))
    seen, stack = {start}, [start]
    while stack:
        for q in neighbours(stack.pop()):
            if q in points and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(points)


def liberties(board, p):
    colour, stack, seen, libs = board[p], [p], {p}, set()
    while stack:
        for q in neighbours(stack.pop()):
            if q not in board:
                libs.add(q)
            elif board[q] == colour and q not in seen:
                seen.add(q)
                stack.append(q)
    return libs


def shapes(rng, sizes=range(3, 7), tries=4000):
    """Connected regions of `sizes` points touching the top edge, within a 5x4 box."""
    box = {(x, y) for x in range(5) for y in range(4)}
    found = set()
    for size in sizes:
        for _ in range(tries):
            s = {(rng.randrange(3), 0)}
            while len(s) < size:
                q = rng.choice(list(neighbours(rng.choice(sorted(s)))))
                if q in box:
                    s.add(q)
            found.add(frozenset(s))
    out = sorted(found, key=sorted)
    rng.shuffle(out)
    return out


def ringed(shape, offset):
    """The region `shape` moved `offset` points right, the group round it (diagonals
    included) and the wall round that group; None when the group is not connected."""
    region = {(x + offset, y) for x, y in shape}
    group = {q for p in region for q in around(p) if q not in region}
    if not connected(group):
        return None
    wall = {q for p in group for q in neighbours(p) if q not in region and q not in group}
    return region, group, wall


def arguments(seed, out, count):
    """SEED, OUT_DIR and COUNT from the command line (these defaults when absent), the
    seeded generator, and OUT_DIR made."""
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else seed
    out = sys.argv[2] if len(sys.argv) > 2 else out
    count = int(sys.argv[3]) if len(sys.argv) > 3 else count
    os.makedirs(out, exist_ok=True)
    return random.Random(seed), out, count


def finish(board, region, group, wall):
    """Fills the rest of the board (Black's area left of column K, White's right of it, with
    single-point eyes away from the group); false when some chain has no liberty."""
    near = {q for p in region | group | wall for q in around(p)}
    for x in range(N):
        for y in range(N):
            p = (x, y)
            eye = x % 2 == 1 and y % 2 == 1 and p not in near
            if p not in board and p not in region and not eye:
                board[p] = "B" if x < 9 else "W"
    return all(liberties(board, p) for p in board)


def sgf_points(board, colour):
    return "".join(
        "[%s%s]" % (chr(97 + x), chr(97 + y)) for (x, y), c in sorted(board.items()) if c == colour
    )


def coords(points):
    """Points as `x,y` pairs, for a position's comment."""
    return " ".join("%d,%d" % p for p in points)


def write_position(path, board, comment, ending=";B[];W[]"):
    """Writes `board` as a 13x13 setup position with `comment`, then `ending` (the passes:
    Black to move by default)."""
    with open(path, "w") as f:
        f.write(
            "(;GM[1]FF[4]SZ[%d]KM[7.5]RU[Chinese]C[%s]AB%sAW%s%s)\n"
            % (N, comment, sgf_points(board, "B"), sgf_points(board, "W"), ending)
        )


def main():
    rng, out, count_max = arguments(7, "target/enclosed", 400)
    count = 0
    for shape in shapes(rng):
        for offset in (0, 7):  # the corner, then the top edge
            ring = ringed(shape, offset)
            if ring is None:
                continue
            region, group, wall = ring
            for k in (1, 2, 3):
                if len(region) - k not in (2, 3):
                    continue
                choices = list(itertools.combinations(sorted(region), k))
                for inside in rng.sample(choices, min(3, len(choices))):
                    board = {p: "W" for p in group}
                    board.update({p: "B" for p in wall})
                    board.update({p: "B" for p in inside})
                    if not finish(board, region, group, wall):
                        continue
                    write_position(
                        os.path.join(out, "s%04d.sgf" % count),
                        board,
                        "region %s, Black inside %s" % (coords(sorted(region)), coords(inside)),
                    )
                    count += 1
        if count >= count_max:
            break
    print(count)


if __name__ == "__main__":
    main()
