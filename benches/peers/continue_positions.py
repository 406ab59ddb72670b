#!/usr/bin/env python3
"""Real games played on to the end: a check set for the dead-stone estimate on 19x19 shapes
made by people. The KGS archive's resigned and timed-out games (no TB/TW markup: they never
reached a count) are loaded into GNU Go at their last move, and GNU Go plays both sides until
both pass. The groups the loser gave up on, the half-settled borders and the invasions of
the human game stay on the board as they were left, which is what the hidden KGS months'
final positions hold and GNU Go's own games (selfplay_positions.py) do not. The judges are
GNU Go's `final_status_list dead` and KataGo's network where the two agree
(consensus.sh), as for every generated set.

    python3 benches/peers/continue_positions.py SEED OUT_DIR COUNT [--exclude DIR] [--only DIR] PATH...

picks COUNT games (seeded) among the SGF files under PATH whose result is a resignation or
a loss on time and which carry no TB/TW markup, and writes each, with GNU Go's moves added
and the result removed, to OUT_DIR/first/ or OUT_DIR/second/ by the parity of the FNV-1a
hash of the source file's base name: look at one half while changing anything, check on the
other. `--exclude DIR` leaves out the games an earlier run wrote to DIR (another seed then
gives other games, not the same ones played on again); `--only DIR` keeps only the games an
earlier run wrote to DIR (new endings of games a check set already holds, none of the games
looked at). GNU Go plays at a level drawn per game (1-6: its lower levels leave more of the
game's loose ends as they are). Needs GNU Go 3.8 (`gnugo` or `/usr/games/gnugo`).
"""

import os
import random
import re
import shutil
import sys
import tempfile

from gnugo_dead import Gtp, default_command
from katago_rawnn import Board

ENDED = re.compile(r"RE\[[BW]\+(R|Resign|T|Time)\]", re.IGNORECASE)
MARKUP = re.compile(r"\b(TB|TW)\[")


def fnv1a(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def candidates(paths):
    found = []
    for root in paths:
        for d, _, names in os.walk(root):
            for n in names:
                if not n.lower().endswith(".sgf"):
                    continue
                f = os.path.join(d, n)
                try:
                    text = open(f, encoding="utf-8", errors="replace").read()
                except OSError:
                    continue
                # One game a file, 19x19, ended by a resignation or on time, never counted.
                if (
                    text.count("(;") == 1
                    and "SZ[19]" in text
                    and ENDED.search(text)
                    and not MARKUP.search(text)
                ):
                    found.append(f)
    return sorted(found)


def sgf_point(board, vertex):
    """The SGF point of a GTP vertex; empty for a pass."""
    if vertex is None:
        return ""
    x, y = board.point(vertex)
    return chr(ord("a") + x) + chr(ord("a") + y)


def play_on(f, level, seed):
    """GNU Go's moves from the end of `f` until both pass: [(colour, vertex or None)]."""
    gtp = Gtp(default_command() + ["--never-resign", "--level", str(level), "--seed", str(seed)])
    path, copy = os.path.abspath(f), None
    if any(ch.isspace() for ch in path):
        # GTP splits a command at white space: such a path is read through a copy.
        fd, copy = tempfile.mkstemp(suffix=".sgf")
        os.close(fd)
        shutil.copyfile(path, copy)
        path = copy
    try:
        ok, reply = gtp.cmd("loadsgf %s" % path)
        if not ok:
            raise RuntimeError("loadsgf: %s" % reply)
        colour = "B" if reply.strip().lower().startswith("b") else "W"
        moves, passes = [], 0
        while passes < 2 and len(moves) < 400:
            ok, reply = gtp.cmd("genmove %s" % colour)
            if not ok:
                raise RuntimeError(reply)
            # A resignation (GTP mode does not keep --never-resign) counts as a pass.
            v = None if reply.upper() in ("PASS", "RESIGN") else reply.upper()
            passes = passes + 1 if v is None else 0
            moves.append((colour, v))
            colour = "W" if colour == "B" else "B"
        return moves
    finally:
        gtp.close()
        if copy:
            os.unlink(copy)


def game_name(f):
    """The name a game goes by in OUT_DIR (and for --exclude and --only): its file's base name,
    white space made `_` (the written files are loaded over GTP in turn)."""
    return re.sub(r"\s", "_", os.path.basename(f))


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: continue_positions.py SEED OUT_DIR COUNT [--exclude DIR] [--only DIR] PATH...")
    seed, out, count = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    args, used, only = sys.argv[4:], set(), None
    while args[:1] in (["--exclude"], ["--only"]) and len(args) > 1:
        games = set()
        for _, _, names in os.walk(args[1]):
            games.update(n.split("-", 1)[1] for n in names if n.startswith("c"))
        if args[0] == "--exclude":
            used |= games
        else:
            only = (only or set()) | games
        args = args[2:]
    rng = random.Random(seed)
    pool = [
        f
        for f in candidates(args)
        if game_name(f) not in used and (only is None or game_name(f) in only)
    ]
    chosen = rng.sample(pool, min(count, len(pool)))
    board = Board(19)
    for half in ("first", "second"):
        os.makedirs(os.path.join(out, half), exist_ok=True)
    for i, f in enumerate(chosen):
        level = rng.randrange(1, 7)
        moves = play_on(f, level, rng.randrange(1 << 30))
        text = open(f, encoding="utf-8", errors="replace").read().rstrip()
        body = "".join(";%s[%s]" % (c, sgf_point(board, v)) for c, v in moves)
        # The result is removed (only the dead stones are compared); the first added move
        # says how the record was played on.
        text = ENDED.sub("", text, count=1)
        end = text.rfind(")")
        note = "C[played on from here by GNU Go 3.8 level %d, %d moves]" % (level, len(moves))
        head = body.find("]") + 1 if body else 0
        text = text[:end] + body[:head] + note + body[head:] + ")\n"
        name = game_name(f)
        half = "first" if fnv1a(name) % 2 == 0 else "second"
        with open(os.path.join(out, half, "c%04d-%s" % (i, name)), "w") as fh:
            fh.write(text)
        print("%d/%d %s level %d, %d moves" % (i + 1, len(chosen), name, level, len(moves)),
              file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
