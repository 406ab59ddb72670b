#!/usr/bin/env python3
"""Writes two FFG results files (.tou) for the README's walkthrough "Working with the
federation", as OpenGotha lays them out (ISO-8859-1, `;key=value` headers, fixed columns,
names `SURNAME First`, one cell per round: opponent row, result, colour, handicap).

- coupe-lyon-2025.tou: a 19x19 tournament of invented players, three rounds, never
  recorded in SGF (most tournament games are not). Some players are in the sample ladder
  list (ech_ffg_sample.txt) with their licence, some play in the sample archive under
  another spelling (`NGUYEN Francois` there is `François Nguyễn`), one is matched to its row
  by its licence (`DUBOIS Jérôme`, who has a homonym), so that rating it with
  the archive shows each kind of identity match.
- open-ete-2025-director.tou: the results of samples/tournament/ (read from its SGF
  records) as a director might have typed them: names surname first without accents, one
  result entered the wrong way round and one game left out, for `echelle results --check`.

Python 3 standard library only; re-running gives the same bytes.

    python3 samples/federation/make_tou.py
"""

import pathlib
import re
import unicodedata

HERE = pathlib.Path(__file__).parent


def row(place, name, rank, licence, club, cells):
    ident = f"{place:>4} {name:<25}{rank:>3} {licence:>7} {club:>4}"
    return ident + "".join(cells)


def cell(opp, result, colour, handicap):
    if opp == 0:
        return f" {0:>3}{result}   "
    return f" {opp:>4}{result}{colour}{handicap}"


def table(header, players, games, rounds, forfeits=()):
    """players: [(name, rank, licence, club)]; games: [(round, black, white, winner, h)]
    with black/white as indexes into players and winner "B" or "W"; forfeits: [(round,
    winner, loser)], written as the points without a game (`0+`, `0-`)."""
    wins = [0] * len(players)
    cells = [[None] * rounds for _ in players]
    for rnd, b, w, winner, h in games:
        wins[b if winner == "B" else w] += 1
    for rnd, winner, loser in forfeits:
        wins[winner] += 1
        cells[winner][rnd - 1] = cell(0, "+", "", "")
        cells[loser][rnd - 1] = cell(0, "-", "", "")
    order = sorted(range(len(players)), key=lambda p: (-wins[p], players[p][0]))
    num = {p: i + 1 for i, p in enumerate(order)}
    for rnd, b, w, winner, h in games:
        cells[b][rnd - 1] = cell(num[w], "+" if winner == "B" else "-", "b", h)
        cells[w][rnd - 1] = cell(num[b], "+" if winner == "W" else "-", "w", h)
    lines = list(header) + [";Num Nom Prenom               Niv Licence Club"]
    for p in order:
        name, rank, licence, club = players[p]
        cs = [c if c is not None else cell(0, "=", "", "") for c in cells[p]]
        lines.append(row(num[p], name, rank, licence, club, cs))
    return ("\r\n".join(lines) + "\r\n").encode("iso-8859-1")


def coupe():
    players = [
        ("MARCHAND Élodie", "2K", "2400107", "69Ly"),
        ("NGUYEN Francois", "7K", "2400109", "69Ly"),
        ("YILMAZ Ayse", "5K", "2400110", "69Ly"),
        ("ABADIE Lucien", "12K", "2400101", "31To"),
        ("GIRARD Thomas", "9K", "", ""),
        ("ÅBERG Søren", "5K", "", ""),
        ("MOREAU Léa_Marie", "1D", "2400108", "38Gr"),
        ("DUBOIS Jérôme", "17K", "2400104", "75Pa"),
    ]
    m, n, y, a, g, s, l, d = range(8)
    games = [
        (1, m, l, "W", 0), (1, n, y, "W", 0), (1, s, g, "B", 0), (1, a, d, "B", 5),
        (2, y, l, "W", 4), (2, m, s, "B", 0), (2, d, n, "W", 9), (2, a, g, "W", 2),
        (3, m, y, "B", 0), (3, s, l, "W", 5), (3, g, n, "B", 0), (3, a, d, "B", 5),
    ]
    header = [
        ";name=Coupe de Lyon 2025",
        ";date=20/12/2025",
        ";vill=Lyon",
        ";comm=Coupe de Lyon 2025",
        ";prog=make_tou.py",
        ";size=19",
        ";komi=7.5",
    ]
    return table(header, players, games, 3)


def plain(s):
    return "".join(ch for ch in unicodedata.normalize("NFD", s) if not unicodedata.combining(ch))


def director():
    """The 9x9 sample tournament, from its records, as its director typed it."""
    prop = lambda text, key: (re.search(key + r"\[([^\]]*)\]", text) or [None, ""])[1]
    games, names, forfeits = [], {}, []
    for path in sorted((HERE.parent / "tournament").glob("*.sgf")):
        text = path.read_text(encoding="utf-8")
        rnd = int(prop(text, "RO"))
        re_ = prop(text, "RE")
        ha = int(prop(text, "HA") or 0)
        km = prop(text, "KM")
        h = ha if ha else (1 if km in ("0", "0.5") else 0)
        ends = []
        for colour, name_key, rank_key in (("B", "PB", "BR"), ("W", "PW", "WR")):
            first, last = prop(text, name_key).split(" ", 1)
            typed = f"{plain(last).upper()} {plain(first)}"
            names.setdefault(typed, prop(text, rank_key).upper())
            ends.append(typed)
        if re_.endswith("+F"):
            won = ends[0] if re_[0] == "B" else ends[1]
            forfeits.append((rnd, won, ends[1] if won == ends[0] else ends[0]))
            continue
        games.append((rnd, ends[0], ends[1], re_[0], h))
    players = [(n, r, "", "") for n, r in sorted(names.items())]
    index = {n: i for i, (n, *_rest) in enumerate(players)}
    typed = []
    for rnd, b, w, winner, h in games:
        if rnd == 2 and {b, w} == {"MARCHAND Elodie", "GARNIER Zoe"}:
            winner = "W" if winner == "B" else "B"  # entered the wrong way round
        if rnd == 1 and {b, w} == {"DUBOIS Lea", "ABERG Bjorn"}:
            continue  # left out
        typed.append((rnd, index[b], index[w], winner, h))
    header = [
        ";name=Open d'été 2025",
        ";date=14/06/2025",
        ";vill=Lyon",
        ";prog=make_tou.py",
        ";size=9",
        ";komi=7.5",
    ]
    lost = [(r, index[w], index[lo]) for r, w, lo in forfeits]
    return table(header, players, typed, 3, lost)


(HERE / "coupe-lyon-2025.tou").write_bytes(coupe())
(HERE / "open-ete-2025-director.tou").write_bytes(director())
