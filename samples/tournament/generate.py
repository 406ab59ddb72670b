#!/usr/bin/env python3
"""Generate samples/tournament/: a small 3-round, 8-player 9x9 tournament.

Everything here is generated: GNU Go 3.8 (``apt-get install gnugo``) plays
itself over GTP at ``--level 1`` with fixed seeds, and the games are given
to eight invented players (accented names included, all writable in
ISO-8859-1).  Round 3 holds a one-stone game (no komi), a game won by
forfeit (no moves, ``RE[W+F]``) and one whose ``RE`` names the other winner
than GNU Go's count (what ``echelle results --check`` lists as
``winner-differs``).  Python 3 standard library only; re-running gives the
same files with the same GNU Go build.

    python3 samples/tournament/generate.py
"""

import os
import shutil
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
GNUGO = shutil.which("gnugo") or "/usr/games/gnugo"
LETTERS = "abcdefghjklmnopqrst"  # GTP columns skip I

PLAYERS = {
    "A": ("Élodie Marchand", "2d"),
    "B": ("Jérôme Lefèvre", "1d"),
    "C": ("Zoé Garnier", "1k"),
    "D": ("Ana Muñoz", "2k"),
    "E": ("Björn Åberg", "3k"),
    "F": ("Léa Dubois", "4k"),
    "G": ("Kenji Tanaka", "5k"),
    "H": ("François Petit", "6k"),
}

# (round, black, white, handicap, how): how is "play", "forfeit" or "misreport".
SCHEDULE = [
    (1, "B", "A", 0, "play"), (1, "D", "C", 0, "play"),
    (1, "F", "E", 0, "play"), (1, "H", "G", 0, "play"),
    (2, "C", "A", 0, "play"), (2, "E", "B", 0, "play"),
    (2, "G", "D", 0, "play"), (2, "H", "F", 0, "play"),
    (3, "D", "A", 0, "misreport"), (3, "F", "B", 1, "play"),
    (3, "G", "C", 0, "forfeit"), (3, "E", "H", 0, "play"),
]
DATES = {1: "2025-06-14", 2: "2025-06-14", 3: "2025-06-15"}


class Gtp:
    def __init__(self, seed):
        self.p = subprocess.Popen(
            [GNUGO, "--mode", "gtp", "--level", "1", "--seed", str(seed),
             "--chinese-rules", "--positional-superko"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def cmd(self, c):
        self.p.stdin.write(c + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            line = self.p.stdout.readline()
            if line.strip() == "" and out:
                break
            if line.strip():
                out.append(line.strip())
        ans = " ".join(out)
        if not ans.startswith("="):
            raise RuntimeError("%s: %s" % (c, ans))
        return ans[1:].strip()

    def close(self):
        self.cmd("quit")
        self.p.wait()


def sgf_point(v):
    col = LETTERS.index(v[0].lower())
    row = 9 - int(v[1:])
    return "abcdefghi"[col] + "abcdefghi"[row]


def play(n, handicap, komi):
    g = Gtp(1000 + n)
    g.cmd("boardsize 9")
    g.cmd("clear_board")
    g.cmd("komi %s" % komi)
    stones = []
    if handicap >= 2:
        stones = g.cmd("fixed_handicap %d" % handicap).split()
    moves = []
    colour = "white" if handicap >= 2 else "black"
    passes = 0
    while passes < 2 and len(moves) < 120:
        v = g.cmd("genmove %s" % colour)
        moves.append((colour[0].upper(), v))
        passes = passes + 1 if v.lower() == "pass" else 0
        if v.lower() == "resign":
            break
        colour = "white" if colour == "black" else "black"
    score = g.cmd("final_score")
    g.close()
    return stones, moves, score


def main():
    for n, (rnd, b, w, hcap, how) in enumerate(SCHEDULE):
        komi = "7.5" if hcap == 0 else "0.5"
        (pb, br), (pw, wr) = PLAYERS[b], PLAYERS[w]
        if how == "forfeit":
            stones, moves, result = [], [], "W+F"
        else:
            stones, moves, result = play(n, hcap, komi)
            if how == "misreport":
                # The players signed the other winner than the board shows.
                result = ("W" if result.startswith("B") else "B") + result[1:]
        head = ("(;GM[1]FF[4]CA[UTF-8]AP[echelle-samples:1]SZ[9]KM[%s]RU[French]"
                "DT[%s]EV[Open d'été 2025]RO[%d]PC[Lyon]PB[%s]BR[%s]PW[%s]WR[%s]"
                % (komi, DATES[rnd], rnd, pb, br, pw, wr))
        if hcap >= 2:
            head += "HA[%d]AB%s" % (hcap, "".join("[%s]" % sgf_point(s) for s in stones))
        head += "RE[%s]\n" % result
        body = ""
        for c, v in moves:
            if v.lower() == "resign":
                break
            body += ";%s[%s]" % (c, "" if v.lower() == "pass" else sgf_point(v))
        name = "ronde-%d-%s-%s.sgf" % (rnd, b.lower(), w.lower())
        with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
            f.write(head + body + ")\n")
        print(name, result)


if __name__ == "__main__":
    main()
