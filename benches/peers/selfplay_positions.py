#!/usr/bin/env python3
"""Finished games on small boards, played by GNU Go against itself with careless moves mixed
in: a check set for the dead-stone estimate on 9x9 and 13x13, where the project has no
positions with the players' markup. Each game starts from an empty board; while the game is
young, each move is, with a probability drawn per game, a random legal move that fills no
eye of its own (the stones left dead in the other side's area, the failed invasions and the
odd seki of weak human games); then GNU Go plays both sides until both pass. The judges are
GNU Go's `final_status_list dead` and KataGo's network where the two agree.

    python3 benches/peers/selfplay_positions.py [SEED] [OUT_DIR] [COUNT] [SIZES]

writes OUT_DIR/g0000.sgf ... (SIZES: comma-separated board sizes, default 9,13); needs GNU
Go 3.8 (`gnugo` or `/usr/games/gnugo`); the GTP client and the board are gnugo_dead.py's and
katago_rawnn.py's. The record has no result: only the dead stones are compared.
"""

import os
import random
import sys

from gnugo_dead import Gtp, default_command
from katago_rawnn import Board


def start(level, seed):
    """A GNU Go process that never resigns, at `level`, seeded with `seed`."""
    return Gtp(
        default_command() + ["--never-resign", "--level", str(level), "--seed", str(seed)]
    )


def sgf_point(p):
    return chr(ord("a") + p[0]) + chr(ord("a") + p[1])


def parse_vertex(board, v):
    # `--never-resign` does not hold in GTP mode: a resignation is taken as a pass, and the
    # side ahead plays on until it has nothing left to gain.
    return None if v.upper() == "RESIGN" else board.point(v)


def own_eye(board, p, colour):
    return all(board.stones.get(q) == colour for q in board.neighbours(p))


def game(rng, size, level, seed):
    gtp = start(level, seed)
    gtp.cmd("boardsize %d" % size)
    gtp.cmd("clear_board")
    komi = rng.choice((5.5, 6.5, 7.5))
    gtp.cmd("komi %g" % komi)
    board = Board(size)
    careless = rng.choice((0.0, 0.05, 0.1, 0.2, 0.3))
    young = int(size * size * rng.uniform(0.4, 0.9))
    moves, passes, colour = [], 0, "B"
    while passes < 2 and len(moves) < 4 * size * size:
        other = "W" if colour == "B" else "B"
        played = None
        if len(moves) < young and rng.random() < careless:
            empty = [
                (x, y)
                for x in range(size)
                for y in range(size)
                if (x, y) not in board.stones and not own_eye(board, (x, y), colour.lower())
            ]
            rng.shuffle(empty)
            for p in empty[:20]:
                ok, _ = gtp.cmd("play %s %s" % (colour, board.vertex(p)))
                if ok:
                    played = p
                    break
        if played is None:
            ok, reply = gtp.cmd("genmove %s" % colour)
            if not ok:
                raise RuntimeError(reply)
            played = parse_vertex(board, reply)
        if played is None:
            passes += 1
        else:
            passes = 0
            board.play(colour.lower(), played)
        moves.append((colour, played))
        colour = other
    gtp.close()
    return komi, careless, moves


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 41
    out = sys.argv[2] if len(sys.argv) > 2 else "selfplay"
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    sizes = [int(s) for s in (sys.argv[4] if len(sys.argv) > 4 else "9,13").split(",")]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    for i in range(count):
        size = rng.choice(sizes)
        level = rng.randrange(1, 11)
        komi, careless, moves = game(rng, size, level, rng.randrange(1 << 30))
        body = "".join(
            ";%s[%s]" % (c, sgf_point(p) if p is not None else "") for c, p in moves
        )
        with open(os.path.join(out, "g%04d.sgf" % i), "w") as f:
            f.write(
                "(;GM[1]FF[4]SZ[%d]KM[%g]RU[Chinese]PB[gnugo]PW[gnugo]"
                "GC[seed %d game %d: GNU Go 3.8 level %d, careless %.2f]%s)\n"
                % (size, komi, seed, i, level, careless, body)
            )


if __name__ == "__main__":
    main()
