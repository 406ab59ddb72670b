#!/usr/bin/env python3
"""Generate the bundled sample archive of echelle.

Purpose
-------
echelle may not ship third-party game records, so every SGF file under
``samples/`` is produced by this script: two GNU Go engines (one per colour)
play each other over GTP, and the moves, handicap stones and GNU Go's final
score are written as SGF FF[4] records attributed to fictional club players.
Each fictional player is bound to one GNU Go ``--level`` (1..10) and the
BR/WR ranks follow that level, so the rating ladder sees real strength
differences.  The script also writes a few deliberately flawed files
(``flawed/``) that exercise decoding and validation paths.

Requirements
------------
* Python 3 (standard library only).
* GNU Go 3.8:  ``apt-get install gnugo``  (the binary lands in
  ``/usr/games/gnugo``, which is searched in addition to ``$PATH``).

Usage
-----
    python3 samples/generate.py                # regenerate samples/ in place
    python3 samples/generate.py --out /tmp/s   # write somewhere else
    python3 samples/generate.py --dry-run      # print the schedule only
    python3 samples/generate.py --only season19   # only the 19x19 season

Options: ``--gnugo PATH``, ``--max-moves N`` (cap on moves, default 150 on
9x9 and 300 on 13x13), ``--timeout S`` (seconds allowed per GTP command,
default 120), ``--limit N`` (play only the first N scheduled games, for
quick experiments; the output is then incomplete).

Determinism
-----------
The schedule (pairings, colours, board sizes, handicaps, dates) comes from a
fixed ``random.Random`` seed.  Game number ``n`` starts Black with
``--seed 1000+2n`` and White with ``--seed 1001+2n``; GNU Go is deterministic
for a given seed and command sequence, so re-running gives the same moves.
SGF text is written with ``\\n`` line endings; the zip archive has its
entries in sorted order with a fixed timestamp and fixed permissions, so it
is byte-identical across runs with the same Python/zlib.  If a GTP command
ever times out, the game is replayed with seeds shifted by 100000 (reported
on stderr), which is itself deterministic.

Rules: both engines run with ``--chinese-rules --positional-superko``
(area scoring, positional superko, suicide forbidden), the closest GNU Go
setting to the French rules.  RE is GNU Go's ``final_score``; ``B+R`` /
``W+R`` when an engine resigns.
"""

import argparse
import datetime
import gzip
import io
import json
import os
import random
import select
import shutil
import subprocess
import sys
import tarfile
import time
import unicodedata
import zipfile

# --------------------------------------------------------------------------
# Players and ranks
# --------------------------------------------------------------------------

# GNU Go level -> kyu rank written in BR/WR.
LEVEL_RANK = {1: 12, 2: 11, 3: 10, 4: 9, 5: 8, 6: 6, 7: 5, 8: 4, 9: 3, 10: 2}

# (name, GNU Go level, ASCII slug used in file names)
PLAYERS = [
    ("Élodie Marchand", 10, "marchand"),
    ("李 明", 9, "li-ming"),
    ("Jérôme Dubois", 8, "dubois"),
    ("Søren Åberg", 7, "aberg"),
    ("Ayşe Yılmaz", 7, "yilmaz"),
    ("田中 さくら", 6, "tanaka"),
    ("François Nguyễn", 5, "nguyen"),
    ("Chloé Lefèvre", 4, "lefevre"),
    ("Иван Петров", 3, "petrov"),
    ("Thomas Girard", 3, "girard"),
    ("박 지훈", 2, "park"),
    ("Zoë Garcia-Muñoz", 1, "garcia-munoz"),
]
BY_NAME = {p[0]: p for p in PLAYERS}

# 19x19 season (July-December 2025): GNU Go gets slow on the big board at
# its usual levels, so each player is bound to a low level there, keeping
# the order of the ranks (the BR/WR ranks stay the players' ranks above).
LEVEL19 = {
    "Élodie Marchand": 3, "李 明": 3, "Jérôme Dubois": 3,
    "Søren Åberg": 2, "Ayşe Yılmaz": 2, "田中 さくら": 2,
    "François Nguyễn": 1, "Chloé Lefèvre": 1, "Иван Петров": 1,
    "Thomas Girard": 1,
    "박 지훈": 0, "Zoë Garcia-Muñoz": 0,
}

# Players that only appear in flawed/ (never in the rated sample set).
FLAWED_PLAYERS = {
    "latin1": (("Hélène Côté", 2, "cote"), ("Benoît Lefèbvre", 1, "lefebvre")),
    "gb2312": (("王 芳", 2, "wang-fang"), ("张 伟", 1, "zhang-wei")),
    "other": (("Exemple Noir", 1, "exemple-noir"),
              ("Exemple Blanc", 1, "exemple-blanc")),
}
FLAWED_EVENT = "Exemples défectueux (flawed examples)"


def rank(level):
    return "%dk" % LEVEL_RANK[level]


def level_of(name, size=9):
    return LEVEL19[name] if size == 19 else BY_NAME[name][1]


def kyu(name):
    return LEVEL_RANK[level_of(name)]


# --------------------------------------------------------------------------
# Schedule
# --------------------------------------------------------------------------

CLUB_EVENT = "Club de Go de Lyon — soirée du mercredi"
CLUB_PLACE = "Lyon, France"
TOURNEY_EVENT = "Tournoi de Printemps 2025"
TOURNEY_PLACE = "Villeurbanne, France"
INTERCLUB_EVENT = "Interclubs Rhône-Alpes 2025 — Lyon contre Grenoble"
INTERCLUB_PLACE = "Grenoble, France"

CLUB_DATES = [
    "2025-01-08", "2025-01-22", "2025-02-05", "2025-02-19", "2025-03-05",
    "2025-03-19", "2025-04-02", "2025-04-23", "2025-05-07", "2025-05-21",
    "2025-06-04", "2025-06-25",
]


class Game:
    def __init__(self, event, place, date, rnd, black, white, size, handicap,
                 group):
        self.event, self.place, self.date, self.round = event, place, date, rnd
        self.black, self.white = black, white
        self.size, self.handicap = size, handicap
        self.komi = 0.5 if handicap else 7.5
        self.group = group  # "club", "collection", "tournament"
        self.number = None
        self.seed_id = None      # engine seeds derive from this (or number)
        self.result = None
        self.moves = []          # list of (colour, sgf point or "" for pass)
        self.setup = []          # handicap stones, sgf points
        self.dead = []
        self.end = None          # "passes", "resign", "cap"
        self.seconds = 0.0
        self.black_rank = self.white_rank = None  # BR/WR; set by run_game


def orient(a, b, handicap, rng):
    """Return (black, white): the weaker player takes Black in handicap
    games, colours are drawn otherwise."""
    if handicap:
        return (a, b) if kyu(a) > kyu(b) else (b, a)
    return (a, b) if rng.random() < 0.5 else (b, a)


def club_handicap(a, b):
    d = abs(kyu(a) - kyu(b))
    return 0 if d < 3 else min(4, d - 1)


def tourney_handicap(a, b):
    d = abs(kyu(a) - kyu(b))
    return 0 if d < 4 else min(4, d - 2)


def schedule():
    rng = random.Random(20250412)
    names = [p[0] for p in PLAYERS]
    games = []

    # Club evenings: 3 games each; a standing rivalry every other week,
    # otherwise opponents mostly of nearby strength.
    for i, date in enumerate(CLUB_DATES):
        used = set()
        pairs = []
        if i % 2 == 0:
            pairs.append(("Jérôme Dubois", "Søren Åberg"))
        if i % 3 == 1:
            pairs.append(("Élodie Marchand", "李 明"))
        while len(pairs) < 3:
            for p in pairs:
                used.update(p)
            free = [n for n in names if n not in used]
            a = rng.choice(free)
            rest = [n for n in free if n != a]
            if rng.random() < 0.7:
                near = [n for n in rest if abs(kyu(n) - kyu(a)) <= 3]
                rest = near or rest
            b = rng.choice(rest)
            pairs.append((a, b))
        for j, (a, b) in enumerate(pairs):
            size = 13 if (i % 2 == 1 and j == 0) else 9
            h = club_handicap(a, b)
            bl, wh = orient(a, b, h, rng)
            games.append(Game(CLUB_EVENT, CLUB_PLACE, date, None, bl, wh,
                              size, h, "club"))

    # Interclub match (the three-game collection file), 13x13, boards 1-3.
    # Both sides are roster players (an internal selection match played at
    # Grenoble), so every rated player stays in the one pool.
    for board, (a, b) in enumerate([("Élodie Marchand", "Søren Åberg"),
                                    ("Jérôme Dubois", "Ayşe Yılmaz"),
                                    ("田中 さくら", "François Nguyễn")], 1):
        h = club_handicap(a, b)
        bl, wh = orient(a, b, h, rng)
        games.append(Game(INTERCLUB_EVENT, INTERCLUB_PLACE, "2025-03-15",
                          "table %d" % board, bl, wh, 13, h, "collection"))

    # Spring tournament: 12 players, 6 rounds (circle method on a drawn
    # order), 9x9, rounds 1-3 on Saturday and 4-6 on Sunday.
    order = names[:]
    rng.shuffle(order)
    for r in range(6):
        date = "2025-04-12" if r < 3 else "2025-04-13"
        for t in range(6):
            a, b = order[t], order[11 - t]
            h = tourney_handicap(a, b)
            bl, wh = orient(a, b, h, rng)
            games.append(Game(TOURNEY_EVENT, TOURNEY_PLACE, date, str(r + 1),
                              bl, wh, 9, h, "tournament"))
        order = [order[0]] + [order[-1]] + order[1:-1]

    for n, g in enumerate(games, 1):
        g.number = n
    return games


# 19x19 season, July-December 2025 (``--only season19`` regenerates just
# this part).  Numbered after the first half-year; its own RNG seed, so the
# 9x9/13x13 part above is unaffected.
CHAMP_EVENT = "Championnat de Lyon 2025"
CHAMP_PLACE = "Lyon, France"
CHAMP_DATES = ["2025-09-13", "2025-10-11", "2025-11-08", "2025-11-29",
               "2025-12-13"]
CLUB19_DATES = [
    "2025-07-02", "2025-07-16", "2025-08-27", "2025-09-03", "2025-09-17",
    "2025-10-01", "2025-10-15", "2025-11-05", "2025-11-19", "2025-12-17",
]


def handicap19(a, b):
    """Club and championship rule on 19x19: handicap when the rank gap is
    at least 4 (stones = half the gap, between 2 and 5)."""
    d = abs(kyu(a) - kyu(b))
    return 0 if d < 4 else max(2, min(5, d // 2))


def schedule19(first_number):
    """The 19x19 season.  Engine seeds come from a fixed slot id (club
    evening i, board j -> 76 + 2i + j; championship round r, table t ->
    200 + 6r + t), not from the date-ordered game number, and the club and
    championship draws use separate RNGs, so the evening dates can be moved
    and evenings or rounds dropped from the end without changing any other
    game."""
    rng = random.Random(20251213)
    names = [p[0] for p in PLAYERS]
    games = []

    # Wednesday evenings: two 19x19 games each.  Standing rivalries
    # (Dubois - Åberg, Marchand - 李 明) alternate on the first board; the
    # second board is drawn, half the time a teaching game with a large
    # rank gap (handicap).
    for i, date in enumerate(CLUB19_DATES):
        pairs = [("Jérôme Dubois", "Søren Åberg") if i % 2 == 0
                 else ("Élodie Marchand", "李 明")]
        free = [n for n in names if n not in pairs[0]]
        a = rng.choice(free)
        rest = [n for n in free if n != a]
        if rng.random() < 0.5:
            far = [n for n in rest if abs(kyu(n) - kyu(a)) >= 3]
            rest = far or rest
        pairs.append((a, rng.choice(rest)))
        for j, (a, b) in enumerate(pairs):
            h = handicap19(a, b)
            bl, wh = orient(a, b, h, rng)
            g = Game(CLUB_EVENT, CLUB_PLACE, date, None, bl, wh, 19, h,
                     "club19")
            g.seed_id = 76 + 2 * i + j
            games.append(g)

    # Championship: all twelve players, rounds by the circle method on a
    # drawn order, one round a month, RO[1]..RO[n].
    rng = random.Random(20251214)
    order = names[:]
    rng.shuffle(order)
    for r, date in enumerate(CHAMP_DATES):
        for t in range(6):
            a, b = order[t], order[11 - t]
            h = handicap19(a, b)
            bl, wh = orient(a, b, h, rng)
            g = Game(CHAMP_EVENT, CHAMP_PLACE, date, str(r + 1), bl, wh, 19,
                     h, "championship")
            g.seed_id = 200 + 6 * r + t
            games.append(g)
        order = [order[0]] + [order[-1]] + order[1:-1]

    games.sort(key=lambda g: (g.date, g.group != "club19"))
    for n, g in enumerate(games, first_number):
        g.number = n
    return games


# --------------------------------------------------------------------------
# GTP
# --------------------------------------------------------------------------

class GtpError(Exception):
    pass


class GtpTimeout(Exception):
    pass


class Engine:
    def __init__(self, gnugo, level, seed, timeout):
        self.timeout = timeout
        self.proc = subprocess.Popen(
            [gnugo, "--mode", "gtp", "--level", str(level), "--seed",
             str(seed), "--chinese-rules", "--positional-superko"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL)
        self.buf = b""

    def _readline(self, deadline):
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise GtpTimeout()
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                raise GtpTimeout()
            chunk = os.read(fd, 65536)
            if not chunk:
                raise GtpError("engine exited")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode("ascii").rstrip("\r")

    def cmd(self, text):
        self.proc.stdin.write((text + "\n").encode("ascii"))
        self.proc.stdin.flush()
        deadline = time.monotonic() + self.timeout
        line = self._readline(deadline)
        while line == "":
            line = self._readline(deadline)
        lines = [line]
        while True:
            line = self._readline(deadline)
            if line == "":
                break
            lines.append(line)
        head = lines[0]
        body = "\n".join([head[1:].strip()] + lines[1:]).strip()
        if head.startswith("?"):
            raise GtpError("%s -> %s" % (text, body))
        return body

    def close(self):
        try:
            self.proc.stdin.write(b"quit\n")
            self.proc.stdin.flush()
            self.proc.wait(timeout=5)
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


GTP_COLS = "ABCDEFGHJKLMNOPQRST"


def gtp_to_sgf(vertex, size):
    v = vertex.upper()
    if v == "PASS":
        return ""
    col = GTP_COLS.index(v[0])
    row = int(v[1:])
    return chr(ord("a") + col) + chr(ord("a") + size - row)


def play(game, gnugo, max_moves, timeout, seed_shift=0):
    size = game.size
    cap = max_moves or {9: 150, 13: 300, 19: 260}[size]
    seed_b = 1000 + 2 * (game.seed_id or game.number) + seed_shift
    b = Engine(gnugo, game.black_level, seed_b, timeout)
    w = Engine(gnugo, game.white_level, seed_b + 1, timeout)
    t0 = time.monotonic()
    try:
        for e in (b, w):
            e.cmd("boardsize %d" % size)
            e.cmd("clear_board")
            e.cmd("komi %s" % fmt_komi(game.komi))
        game.setup, game.moves = [], []
        if game.handicap:
            verts = b.cmd("fixed_handicap %d" % game.handicap).split()
            w.cmd("set_free_handicap " + " ".join(verts))
            game.setup = [gtp_to_sgf(v, size) for v in verts]
        engines = {"B": b, "W": w}
        colour = "W" if game.handicap else "B"
        passes = 0
        game.end = "cap"
        result = None
        while len(game.moves) < cap:
            mover = engines[colour]
            other = engines["W" if colour == "B" else "B"]
            v = mover.cmd("genmove " + colour.lower())
            if v.lower() == "resign":
                result = ("W" if colour == "B" else "B") + "+R"
                game.end = "resign"
                break
            other.cmd("play %s %s" % (colour.lower(), v))
            game.moves.append((colour, gtp_to_sgf(v, size)))
            passes = passes + 1 if v.upper() == "PASS" else 0
            if passes == 2:
                game.end = "passes"
                break
            colour = "W" if colour == "B" else "B"
        score = w.cmd("final_score")
        dead = w.cmd("final_status_list dead").split()
        game.dead = sorted(gtp_to_sgf(v, size) for v in dead)
        game.score = score
        game.result = result or ("0" if score == "0" else score)
    finally:
        b.close()
        w.close()
    game.seconds = time.monotonic() - t0


def fmt_komi(k):
    return ("%.1f" % k)


# --------------------------------------------------------------------------
# SGF output
# --------------------------------------------------------------------------

def esc(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def sgf_game(g, charset="UTF-8", with_ca=True):
    props = ["GM[1]", "FF[4]"]
    if with_ca:
        props.append("CA[%s]" % charset)
    props += ["AP[echelle-samples:1]", "SZ[%d]" % g.size,
              "KM[%s]" % fmt_komi(g.komi)]
    if g.handicap:
        props.append("HA[%d]" % g.handicap)
    props += ["RU[French]", "DT[%s]" % g.date, "EV[%s]" % esc(g.event)]
    if g.round:
        props.append("RO[%s]" % esc(g.round))
    props += ["PC[%s]" % esc(g.place),
              "PB[%s]" % esc(g.black), "BR[%s]" % g.black_rank,
              "PW[%s]" % esc(g.white), "WR[%s]" % g.white_rank,
              "RE[%s]" % g.result]
    if g.setup:
        props.append("AB" + "".join("[%s]" % p for p in g.setup))
    out = ["(;" + "".join(props[:6]) + "\n" + "".join(props[6:]) + "\n"]
    line = ""
    for i, (c, p) in enumerate(g.moves):
        line += ";%s[%s]" % (c, p)
        if i % 10 == 9:
            out.append(line + "\n")
            line = ""
    notes = {"passes": "game ended by two passes",
             "resign": "game ended by resignation",
             "cap": "game stopped at the move cap"}[g.end]
    comment = "%s; GNU Go final_score %s; dead stones (final_status_list): %s" % (
        notes, g.score, " ".join(g.dead) if g.dead else "none")
    if g.moves:
        line += "C[%s]" % esc(comment)
    out.append(line + ")\n")
    return "".join(out)


def slug(name):
    return BY_NAME[name][2]


# --------------------------------------------------------------------------
# Flawed examples
# --------------------------------------------------------------------------

def flawed_games(gnugo, max_moves, timeout):
    specs = [
        ("illegal-move", "other", "2024-12-04"),
        ("wrong-result", "other", "2024-12-11"),
        ("latin1", "latin1", "2024-12-18"),
        ("gb2312", "gb2312", "2024-12-18"),
        ("truncated", "other", "2024-12-27"),
    ]
    out = {}
    for k, (key, who, date) in enumerate(specs):
        (bn, bl, _), (wn, wl, _) = FLAWED_PLAYERS[who]
        g = Game(FLAWED_EVENT, "Lyon, France", date, None, bn, wn, 9, 0,
                 "flawed")
        g.number = 900 + k
        g.black_level, g.white_level = bl, wl
        run_game(g, gnugo, max_moves, timeout, lookup=False)
        out[key] = g
    return out


def occupied_at(moves, k, setup, size):
    """Points occupied (ignoring captures is unsafe, so replay captures)
    before move k; returns a set of sgf points."""
    board = {p: "B" for p in setup}
    for c, p in moves[:k]:
        if not p:
            continue
        board[p] = c
        opp = "W" if c == "B" else "B"
        for n in neighbours(p, size):
            if board.get(n) == opp:
                grp, libs = group(board, n, size)
                if not libs:
                    for s in grp:
                        del board[s]
    return board


def neighbours(p, size):
    x, y = ord(p[0]) - 97, ord(p[1]) - 97
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < size and 0 <= ny < size:
            yield chr(97 + nx) + chr(97 + ny)


def group(board, p, size):
    col = board[p]
    seen, stack, libs = {p}, [p], set()
    while stack:
        q = stack.pop()
        for n in neighbours(q, size):
            if n not in board:
                libs.add(n)
            elif board[n] == col and n not in seen:
                seen.add(n)
                stack.append(n)
    return seen, libs


def write_flawed(out_dir, fl):
    d = os.path.join(out_dir, "flawed")
    os.makedirs(d, exist_ok=True)

    # 1. A move on an occupied point: Black's move 21 is replaced by a play
    #    on a point that holds a White stone at that moment.
    g = fl["illegal-move"]
    k = 20  # 0-based index of move 21 (a Black move)
    board = occupied_at(g.moves, k, g.setup, g.size)
    target = sorted(p for p, c in board.items() if c == "W")[0]
    assert g.moves[k][0] == "B"
    g.moves[k] = ("B", target)
    g.event = FLAWED_EVENT + " — illegal move"
    write_text(os.path.join(d, "illegal-move-occupied.sgf"), sgf_game(g))

    # 2. Recorded winner flipped.
    g = fl["wrong-result"]
    true = g.result
    g.result = ("W" if true[0] == "B" else "B") + true[1:]
    g.event = FLAWED_EVENT + " — wrong result (true result %s)" % true
    write_text(os.path.join(d, "wrong-result.sgf"), sgf_game(g))

    # 3. ISO-8859-1 with CA declared.
    g = fl["latin1"]
    g.event = FLAWED_EVENT + " - Tournoi de Noël, Besançon (Latin-1)"
    g.place = "Besançon, France"
    write_bytes(os.path.join(d, "latin1-declared.sgf"),
                sgf_game(g, charset="ISO-8859-1").encode("iso-8859-1"))

    # 4. GB2312 without CA (readers must guess the encoding).
    g = fl["gb2312"]
    g.event = "示例：GB2312 编码，无 CA 属性"
    g.place = "上海"
    write_bytes(os.path.join(d, "gb2312-no-ca.sgf"),
                sgf_game(g, with_ca=False).encode("gb2312"))

    # 5. Truncated: cut after a complete node in the middle of the move
    #    list; the remaining moves and the closing ')' are missing.
    g = fl["truncated"]
    g.event = FLAWED_EVENT + " — truncated file"
    text = sgf_game(g)
    cut = text.index("\n;")
    for _ in range(len(g.moves) // 2):
        cut = text.index(";", cut + 1)
    write_text(os.path.join(d, "truncated.sgf"), text[:cut] + "\n")

    # 6. Not an SGF file at all.
    write_text(os.path.join(d, "notes.txt"),
               "Notes du club — à ignorer par echelle.\n"
               "Ce fichier n'est pas un enregistrement SGF ; il vérifie que les\n"
               "fichiers étrangers sont ignorés (skipped) lors du parcours.\n")


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

CACHE_FIELDS = ("result", "score", "moves", "setup", "dead", "end", "seconds")


def run_game(g, gnugo, max_moves, timeout, lookup=True, cache=None):
    """Play game g (or reuse a cached play of the very same game: same
    number, players' levels, size, handicap, komi and move cap)."""
    if lookup:
        g.black_level = level_of(g.black, g.size)
        g.white_level = level_of(g.white, g.size)
        g.black_rank, g.white_rank = "%dk" % kyu(g.black), "%dk" % kyu(g.white)
    else:
        g.black_rank, g.white_rank = rank(g.black_level), rank(g.white_level)
    path = None
    if cache:
        key = "%d-%d-%d-%d-%d-%s-%s" % (
            g.seed_id or g.number, g.black_level, g.white_level, g.size,
            g.handicap,
            fmt_komi(g.komi), max_moves or "default")
        path = os.path.join(cache, "game-%s.json" % key)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                d = json.load(f)
            for k in CACHE_FIELDS:
                setattr(g, k, d[k])
            g.moves = [tuple(m) for m in g.moves]
            return
    shift = 0
    while True:
        try:
            play(g, gnugo, max_moves, timeout, shift)
            if path:
                os.makedirs(cache, exist_ok=True)
                with open(path + ".tmp", "w", encoding="utf-8") as f:
                    json.dump({k: getattr(g, k) for k in CACHE_FIELDS}, f)
                os.replace(path + ".tmp", path)
            return
        except GtpTimeout:
            shift += 100000
            print("game %d: GTP timeout, replaying with seed shift %d"
                  % (g.number, shift), file=sys.stderr)
            if shift > 300000:
                raise


def write_text(path, text):
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


def file_name(g, idx_in_day, upper):
    base = "%s-%d-%s-%s" % (g.date, idx_in_day, slug(g.black), slug(g.white))
    return base + (".SGF" if upper else ".sgf")


ZIP_TIME = (2025, 4, 13, 20, 0, 0)


def write_zip(path, entries):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            z.writestr(info, entries[name].encode("utf-8"))
    write_bytes(path, buf.getvalue())


TAR_MTIME = 1765663200  # 2025-12-13 22:00 UTC, the last championship round


def write_targz(path, entries):
    """Deterministic tar.gz: sorted entries, fixed mtime/mode/owner, no
    name and mtime 0 in the gzip header."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as t:
        for name in sorted(entries):
            data = entries[name].encode("utf-8")
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = TAR_MTIME
            info.mode = 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = "echelle"
            t.addfile(info, io.BytesIO(data))
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0,
                       compresslevel=9) as z:
        z.write(raw.getvalue())
    write_bytes(path, buf.getvalue())


def play_priority(g):
    if g.group == "club19":
        i = (g.seed_id - 76) // 2
        return (-1 if i < 5 else 2 * (i - 5) + 1, g.seed_id)
    if g.group == "championship":
        return (2 * ((g.seed_id - 200) // 6), g.seed_id)
    return (-2, g.number)


MANIFEST_HEAD = ("number\tfile\tevent\tdate\tround\tsize\thandicap\tkomi\t"
                 "black\tblack_level\tblack_rank\twhite\twhite_level\t"
                 "white_rank\tresult\tmoves\tend")
SPRING_GAMES = 75      # numbers 1..75: the 9x9/13x13 first half-year


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    ap.add_argument("--gnugo", default=None)
    ap.add_argument("--max-moves", type=int, default=None)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--only", choices=("spring", "season19"), default=None,
                    help="regenerate only one part: 'spring' (9x9/13x13 "
                    "January-June, the zip, flawed/) or 'season19' (19x19 "
                    "July-December, the tar.gz and the 19x19 club files); "
                    "the other part's files and games.tsv rows are kept")
    ap.add_argument("--cache", default=None, metavar="DIR",
                    help="keep every finished game in DIR (JSON) and reuse "
                    "it on the next run: lets an interrupted run resume")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    spring = schedule() if args.only != "season19" else []
    season = schedule19(SPRING_GAMES + 1) if args.only != "spring" else []
    assert not spring or len(spring) == SPRING_GAMES
    games = spring + season
    if args.dry_run:
        for g in games:
            print(g.number, g.group, g.date, g.round or "", g.size, g.handicap,
                  g.black, level_of(g.black, g.size), g.white,
                  level_of(g.white, g.size), sep="\t")
        return

    gnugo = (args.gnugo or shutil.which("gnugo")
             or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo")
                 else None))
    if not gnugo:
        sys.exit("gnugo not found: apt-get install gnugo")

    if args.limit:
        games = games[:args.limit]
    # Play order only (the output does not depend on it): with --cache, an
    # interrupted 19x19 run has complete rounds/evenings spread over the
    # season rather than only its first months.
    games.sort(key=play_priority)
    t_all = time.monotonic()
    for g in games:
        run_game(g, gnugo, args.max_moves, args.timeout, cache=args.cache)
        print("game %3d  %dx%d H%d  %-18s L%-2d vs %-18s L%-2d  %-7s %3d moves"
              "  %5.1fs" % (g.number, g.size, g.size, g.handicap, g.black,
                            g.black_level, g.white, g.white_level, g.result,
                            len(g.moves), g.seconds), file=sys.stderr)
    t_games = time.monotonic() - t_all
    fl = flawed_games(gnugo, args.max_moves, args.timeout) if spring else {}

    out = args.out
    club_dir = os.path.join(out, "club-2025")
    os.makedirs(club_dir, exist_ok=True)

    # Keep the other part's manifest rows (and files) when --only is given.
    kept = []
    manifest_path = os.path.join(out, "games.tsv")
    if args.only and os.path.exists(manifest_path):
        with open(manifest_path, encoding="utf-8") as f:
            rows = f.read().splitlines()[1:]
        for line in rows:
            n = int(line.split("\t", 1)[0])
            if (n <= SPRING_GAMES) == (args.only == "season19"):
                kept.append((n, line))
    season_dates = set(CLUB19_DATES)
    for f in os.listdir(club_dir):
        if (f[:10] in season_dates) == (not spring or bool(season)) \
                or (spring and season):
            os.remove(os.path.join(club_dir, f))
    if spring:
        shutil.rmtree(os.path.join(out, "flawed"), ignore_errors=True)

    manifest = []

    def record(g, where):
        manifest.append((g.number, "\t".join(str(x) for x in (
            g.number, where, g.event, g.date, g.round or "", g.size,
            g.handicap, fmt_komi(g.komi), g.black, g.black_level,
            g.black_rank, g.white, g.white_level,
            g.white_rank, g.result, len(g.moves), g.end))))

    per_day = {}
    club = [g for g in games if g.group == "club"]
    for i, g in enumerate(club):
        per_day[g.date] = per_day.get(g.date, 0) + 1
        name = file_name(g, per_day[g.date], upper=(i % 9 == 4))
        write_text(os.path.join(club_dir, name), sgf_game(g))
        record(g, "club-2025/" + name)

    coll = [g for g in games if g.group == "collection"]
    if coll:
        write_text(os.path.join(club_dir, "collection.sgf"),
                   "".join(sgf_game(g) for g in coll))
        for g in coll:
            record(g, "club-2025/collection.sgf")

    tour = [g for g in games if g.group == "tournament"]
    entries = {}
    for g in tour:
        table = (tour.index(g) % 6) + 1
        name = "tournoi-printemps-2025/ronde-%s/table-%d-%s-%s.sgf" % (
            g.round, table, slug(g.black), slug(g.white))
        entries[name] = sgf_game(g)
        record(g, "tournoi-printemps-2025.zip:" + name)
    if entries:
        write_zip(os.path.join(out, "tournoi-printemps-2025.zip"), entries)

    # 19x19 season: club evenings as loose files, the championship in a
    # tar.gz (championnat-2025/ronde-N/table-T-black-white.sgf).
    for g in (g for g in games if g.group == "club19"):
        per_day[g.date] = per_day.get(g.date, 0) + 1
        name = file_name(g, per_day[g.date], upper=False)
        write_text(os.path.join(club_dir, name), sgf_game(g))
        record(g, "club-2025/" + name)
    champ = [g for g in games if g.group == "championship"]
    entries = {}
    for k, g in enumerate(champ):
        name = "championnat-2025/ronde-%s/table-%d-%s-%s.sgf" % (
            g.round, k % 6 + 1, slug(g.black), slug(g.white))
        entries[name] = sgf_game(g)
        record(g, "championnat-2025.tar.gz:" + name)
    if entries:
        write_targz(os.path.join(out, "championnat-2025.tar.gz"), entries)

    if fl:
        write_flawed(out, fl)
    lines = [line for _, line in sorted(kept + manifest)]
    write_text(manifest_path, "\n".join([MANIFEST_HEAD] + lines) + "\n")

    print("%d games in %.0fs (+ %d flawed-example games), total %.0fs" % (
        len(games), t_games, len(fl), time.monotonic() - t_all),
        file=sys.stderr)


if __name__ == "__main__":
    main()
