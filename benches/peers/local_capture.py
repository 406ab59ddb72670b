#!/usr/bin/env python3
"""An exhaustive capture search on a small diagram, independent of echelle's `reading`: a
second opinion on a position where the estimate's reading and the engines disagree (the
engines' unsearched answers miss deep sacrifices; KataGo's search at a few hundred visits
too, at times).

    python3 benches/peers/local_capture.py DIAGRAM X,Y [DEPTHS] [--defender-first] [--pv]

DIAGRAM: rows joined by `/`, top row first: `.` an empty point of the area, `x`/`o` a
Black/White stone in the area (its point may be played again once taken), `X`/`O` a stone
outside it (it may be taken, its point is never played). X,Y (from 0, top left): a stone of
the chain to capture. The attacker (the other colour) moves first unless --defender-first,
and may not pass; the defender may. A move may not recreate the position before the
opponent's last move (a basic ko). Prints, for each depth in DEPTHS (comma-separated plies,
default 10,20,30,40), whether the attacker captures the chain within it; --pv then prints
a shortest kill against the defender's longest resistance. Stdlib only, with sgfpos.py's
board (captures, suicide). Example (enclosed 139, s0073, Black to move: Black kills by a
sacrifice that leaves White a bulky five):

    python3 benches/peers/local_capture.py ".OOOX/.x.OX/OxxOX/OOOOX/XXXXX" 1,0 --pv
"""

import functools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sgfpos  # noqa: E402

COLOUR = {"x": 1, "X": 1, "o": -1, "O": -1}


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = {a for a in sys.argv[1:] if a.startswith("--")}
    if len(args) < 2 or flags - {"--defender-first", "--pv"}:
        sys.exit(__doc__)
    rows = args[0].split("/")
    h, w = len(rows), len(rows[0])
    if any(len(r) != w for r in rows):
        sys.exit("local_capture.py: rows of different lengths")
    target = tuple(int(v) for v in args[1].split(","))
    depths = [int(d) for d in (args[2] if len(args) > 2 else "10,20,30,40").split(",")]
    points = [(x, y) for y in range(h) for x in range(w)]
    # A position: each point's colour (1 Black, -1 White, 0 empty), in `points` order.
    start = tuple(COLOUR.get(rows[y][x], 0) for x, y in points)
    area = [i for i, (x, y) in enumerate(points) if rows[y][x] in ".xo"]
    if target not in points:
        sys.exit("local_capture.py: the target point is off the diagram")
    t = points.index(target)
    defender = start[t]
    if defender == 0:
        sys.exit("local_capture.py: no stone at the target point")
    attacker = -defender

    def play(b, i, c):
        """The position after `c` plays at point `i` (sgfpos's rules), or None when that is
        suicide."""
        board = {p: v for p, v in zip(points, b) if v}
        sgfpos.play(board, points[i], c, w, h)
        return tuple(board.get(p, 0) for p in points) if points[i] in board else None

    def moves(b, prev, c):
        for i in area:
            if b[i] == 0:
                after = play(b, i, c)
                if after is not None and after != prev:
                    yield i, after

    @functools.lru_cache(maxsize=None)
    def kills(b, prev, mover, depth):
        """Whether the attacker captures the target from `b` within `depth` plies."""
        if b[t] != defender:
            return True
        if depth == 0:
            return False
        if mover == attacker:
            return any(kills(a, b, defender, depth - 1) for _, a in moves(b, prev, attacker))
        # The defender's pass leaves no ko behind.
        return kills(b, None, attacker, depth - 1) and all(
            kills(a, b, attacker, depth - 1) for _, a in moves(b, prev, defender))

    first = defender if "--defender-first" in flags else attacker
    sys.setrecursionlimit(100_000)
    for d in depths:
        print(f"depth {d}: {'captured' if kills(start, None, first, d) else 'not captured'}")
    if "--pv" not in flags:
        return
    limit = max(depths)

    def need(b, prev, mover):
        return next((d for d in range(limit + 1) if kills(b, prev, mover, d)), None)

    b, prev, mover = start, None, first
    if need(b, prev, mover) is None:
        return
    name = lambda p: f"{chr(ord('a') + points[p][0])}{points[p][1] + 1}"  # noqa: E731
    line = []
    while b[t] == defender:
        other = defender if mover == attacker else attacker
        options = [(p, a, b) for p, a in moves(b, prev, mover)]
        if mover == defender:
            options.append((None, b, None))
        scored = [(need(a, pr, other), p, a, pr) for p, a, pr in options]
        scored = [s for s in scored if s[0] is not None]
        if not scored:
            break
        pick = min(scored, key=lambda s: s[0]) if mover == attacker else max(scored, key=lambda s: s[0])
        _, p, b, prev = pick
        colour = "X" if mover == 1 else "O"
        line.append(f"{colour}:{'pass' if p is None else name(p)}")
        mover = other
    print("line (columns a.., rows 1.. from the top):", " ".join(line))


if __name__ == "__main__":
    main()
