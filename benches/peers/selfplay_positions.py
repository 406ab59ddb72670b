#!/usr/bin/env python3
"""Finished games on small boards, played by GNU Go against itself with careless moves mixed
in: a check set for the dead-stone estimate on 9x9 and 13x13, where the project has no
positions with the players' markup. Each game starts from an empty board; while the game is
young, each move is, with a probability drawn per game, a random legal move that fills no
eye of its own (the stones left dead in the other side's area, the failed invasions and the
odd seki of weak human games); then GNU Go plays both sides until both pass. The judges are
GNU Go's `final_status_list dead` and KataGo's network where the two agree.

    python3 benches/peers/selfplay_positions.py [SEED] [OUT_DIR] [COUNT] [SIZES]

writes OUT_DIR/g0000.sgf ... (SIZES: comma-separated board sizes, default 9,13); needs
`/usr/games/gnugo` (GNU Go 3.8). The record has no result: only the dead stones are compared.
"""

import os
import random
import subprocess
import sys

GNUGO = os.environ.get("GNUGO", "/usr/games/gnugo")
LETTERS = "ABCDEFGHJKLMNOPQRST"


class Gtp:
    """One GNU Go process spoken to through GTP."""

    def __init__(self, level, seed):
        self.p = subprocess.Popen(
            [GNUGO, "--mode", "gtp", "--never-resign", "--level", str(level), "--seed", str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def ask(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("gnugo ended")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.strip())
        reply = " ".join(lines)
        return reply[0] == "=", reply[1:].strip()

    def close(self):
        self.ask("quit")
        self.p.wait()


def vertex(p, size):
    x, y = p
    return "%s%d" % (LETTERS[x], size - y)


def sgf_point(p):
    return chr(ord("a") + p[0]) + chr(ord("a") + p[1])


def parse_vertex(v, size):
    # `--never-resign` does not hold in GTP mode: a resignation is taken as a pass, and the
    # side ahead plays on until it has nothing left to gain.
    if v.upper() in ("PASS", "RESIGN"):
        return None
    return (LETTERS.index(v[0].upper()), size - int(v[1:]))


class Board:
    """Just enough of the rules to keep the stones in step with GNU Go's board."""

    def __init__(self, size):
        self.size, self.stones = size, {}

    def neighbours(self, p):
        x, y = p
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx < self.size and 0 <= y + dy < self.size:
                yield (x + dx, y + dy)

    def chain(self, p):
        colour, stack, seen, libs = self.stones[p], [p], {p}, set()
        while stack:
            for q in self.neighbours(stack.pop()):
                if q not in self.stones:
                    libs.add(q)
                elif self.stones[q] == colour and q not in seen:
                    seen.add(q)
                    stack.append(q)
        return seen, libs

    def play(self, p, colour):
        self.stones[p] = colour
        for q in self.neighbours(p):
            if self.stones.get(q) not in (None, colour):
                stones, libs = self.chain(q)
                if not libs:
                    for s in stones:
                        del self.stones[s]

    def own_eye(self, p, colour):
        return all(self.stones.get(q) == colour for q in self.neighbours(p))


def game(rng, size, level, seed):
    gtp = Gtp(level, seed)
    gtp.ask("boardsize %d" % size)
    gtp.ask("clear_board")
    komi = rng.choice((5.5, 6.5, 7.5))
    gtp.ask("komi %g" % komi)
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
                if (x, y) not in board.stones and not board.own_eye((x, y), colour)
            ]
            rng.shuffle(empty)
            for p in empty[:20]:
                ok, _ = gtp.ask("play %s %s" % (colour, vertex(p, size)))
                if ok:
                    played = p
                    break
        if played is None:
            ok, reply = gtp.ask("genmove %s" % colour)
            if not ok:
                raise RuntimeError(reply)
            played = parse_vertex(reply, size)
        if played is None:
            passes += 1
        else:
            passes = 0
            board.play(played, colour)
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
