#!/usr/bin/env python3
"""Replays every SGF file under the given folders with sgfmill, for a speed comparison.

Used by benches/compare.sh; prints `files games seconds` on one line.
Same work as echelle's main line replay: parse, read setup and moves, play each move
on a board (illegal moves are counted and skipped, as sgfmill cannot execute them).
"""
import os
import sys
import time

from sgfmill import boards, sgf, sgf_moves


def sgf_files(roots):
    for root in roots:
        for dirpath, _dirs, files in os.walk(root):
            for f in files:
                if f.lower().endswith(".sgf"):
                    yield os.path.join(dirpath, f)


def main():
    paths = sorted(sgf_files(sys.argv[1:]))
    start = time.perf_counter()
    games = 0
    for p in paths:
        with open(p, "rb") as fh:
            data = fh.read()
        try:
            game = sgf.Sgf_game.from_bytes(data)
            board, plays = sgf_moves.get_setup_and_moves(game)
        except Exception:
            continue
        games += 1
        for colour, move in plays:
            if move is None:
                continue
            row, col = move
            try:
                board.play(row, col, colour)
            except Exception:
                pass
    elapsed = time.perf_counter() - start
    print(len(paths), games, f"{elapsed:.3f}")


if __name__ == "__main__":
    main()
