#!/usr/bin/env python3
"""Sanity-check the generated sample archive (Python 3 stdlib only).

Usage:  python3 samples/check.py [SAMPLES_DIR]

Reads every game under club-2025/, the .zip and .tar.gz archives and
flawed/,
parses the SGF (small FF[4] subset parser), replays the moves with captures,
suicide and positional-superko checks, compares each record with games.tsv,
and prints counts.  Exits non-zero if a rated game fails to parse or replay,
or if a flawed file does not show the flaw it is meant to show.
"""

import collections
import os
import re
import sys
import tarfile
import zipfile


def parse(text):
    """Return a list of games; each game is a list of nodes (main line
    only), each node a dict prop -> list of values.  Raises ValueError on
    malformed input (e.g. missing ')')."""
    i, n = 0, len(text)
    games = []

    def skip_ws():
        nonlocal i
        while i < n and text[i].isspace():
            i += 1

    def value():
        nonlocal i
        assert text[i] == "["
        i += 1
        out = []
        while True:
            if i >= n:
                raise ValueError("unterminated value")
            c = text[i]
            if c == "\\":
                out.append(text[i + 1])
                i += 2
            elif c == "]":
                i += 1
                return "".join(out)
            else:
                out.append(c)
                i += 1

    def tree():
        nonlocal i
        assert text[i] == "("
        i += 1
        nodes = []
        first_var = None
        while True:
            skip_ws()
            if i >= n:
                raise ValueError("missing ')'")
            c = text[i]
            if c == ";":
                i += 1
                node = {}
                while True:
                    skip_ws()
                    m = re.compile(r"[A-Za-z]+").match(text, i)
                    if not m:
                        break
                    i = m.end()
                    ident = re.sub("[a-z]", "", m.group())
                    vals = []
                    skip_ws()
                    while i < n and text[i] == "[":
                        vals.append(value())
                        skip_ws()
                    if not vals:
                        raise ValueError("property without value")
                    node[ident] = vals
                nodes.append(node)
            elif c == "(":
                sub = tree()
                if first_var is None:
                    first_var = sub
            elif c == ")":
                i += 1
                return nodes + (first_var or [])
            else:
                raise ValueError("unexpected %r at %d" % (c, i))

    while True:
        skip_ws()
        if i >= n:
            break
        if text[i] != "(":
            raise ValueError("garbage at %d" % i)
        games.append(tree())
    if not games:
        raise ValueError("no game")
    return games


def pt(s, size):
    if s == "" or (s == "tt" and size <= 19):
        return None
    return (ord(s[0]) - 97, ord(s[1]) - 97)


def neighbours(p, size):
    x, y = p
    for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= q[0] < size and 0 <= q[1] < size:
            yield q


def group(board, p, size):
    col = board[p]
    seen, stack, libs = {p}, [p], 0
    while stack:
        q = stack.pop()
        for r in neighbours(q, size):
            if r not in board:
                libs += 1
            elif board[r] == col and r not in seen:
                seen.add(r)
                stack.append(r)
    return seen, libs


def replay(game):
    """Return (number of moves, error or None, final board, size)."""
    root = game[0]
    size = int(root.get("SZ", ["19"])[0])
    board = {}
    for c in ("B", "W"):
        for v in root.get("A" + c, []):
            board[pt(v, size)] = c
    seen = {frozenset(board.items())}
    moves = 0
    for k, node in enumerate(game[1:], 1):
        for c in ("B", "W"):
            if c not in node:
                continue
            moves += 1
            p = pt(node[c][0], size)
            if p is None:
                continue
            if p in board:
                return moves, "move %d %s[%s] on an occupied point" % (
                    moves, c, node[c][0]), board, size
            board[p] = c
            opp = "W" if c == "B" else "B"
            for q in neighbours(p, size):
                if board.get(q) == opp:
                    grp, libs = group(board, q, size)
                    if libs == 0:
                        for s in grp:
                            del board[s]
            if group(board, p, size)[1] == 0:
                return moves, "move %d is suicide" % moves, board, size
            pos = frozenset(board.items())
            if pos in seen:
                return moves, "move %d repeats a position" % moves, board, size
            seen.add(pos)
    return moves, None, board, size


def load(root):
    """Yield (where, raw bytes)."""
    for dirpath, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, root)
            if f.endswith(".zip"):
                with zipfile.ZipFile(path) as z:
                    for name in z.namelist():
                        yield rel + ":" + name, z.read(name)
            elif f.endswith(".tar.gz"):
                with tarfile.open(path, "r:gz") as t:
                    for m in t.getmembers():
                        if m.isfile():
                            yield rel + ":" + m.name, t.extractfile(m).read()
            elif f.lower().endswith(".sgf") or rel.startswith("flawed"):
                yield rel, open(path, "rb").read()


def decode(rel, raw):
    m = re.search(rb"CA\[([^\]]*)\]", raw)
    if m:
        return raw.decode(m.group(1).decode("ascii"))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("gb2312")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.abspath(__file__))
    manifest = collections.defaultdict(list)
    with open(os.path.join(root, "games.tsv"), encoding="utf-8") as f:
        head = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(head, line.rstrip("\n").split("\t")))
            manifest[row["file"]].append(row)

    failures = []
    rated = []
    seen_rows = []
    flawed = {}
    for rel, raw in load(root):
        if rel.startswith("flawed"):
            flawed[rel] = raw
            continue
        games = parse(decode(rel, raw))
        rows = manifest.get(rel, [])
        if len(rows) != len(games):
            failures.append("%s: %d games, manifest says %d"
                            % (rel, len(games), len(rows)))
        for g, row in zip(games, rows):
            r = g[0]
            moves, err, _, _ = replay(g)
            if err:
                failures.append("%s: %s" % (rel, err))
            for prop, key in (("PB", "black"), ("PW", "white"),
                              ("RE", "result"), ("DT", "date"),
                              ("SZ", "size"), ("BR", "black_rank"),
                              ("WR", "white_rank")):
                if r[prop][0] != row[key]:
                    failures.append("%s: %s %r != %r" % (
                        rel, prop, r[prop][0], row[key]))
            if moves != int(row["moves"]):
                failures.append("%s: %d moves, manifest %s"
                                % (rel, moves, row["moves"]))
            if int(row["handicap"]) != len(r.get("AB", [])):
                failures.append("%s: %d handicap stones, manifest %s"
                                % (rel, len(r.get("AB", [])), row["handicap"]))
            rated.append(r)
            seen_rows.append(row)

    # Flawed files: each must show its flaw.
    def expect(cond, msg):
        if not cond:
            failures.append("flawed: " + msg)

    f = flawed
    g = parse(f["flawed/illegal-move-occupied.sgf"].decode())[0]
    expect("occupied" in (replay(g)[1] or ""), "illegal move not detected")
    g = parse(f["flawed/wrong-result.sgf"].decode())[0]
    true = re.search(r"true result (\S+)\)", g[0]["EV"][0]).group(1)
    expect(g[0]["RE"][0][0] != true[0], "result not flipped")
    raw = f["flawed/latin1-declared.sgf"]
    expect(b"CA[ISO-8859-1]" in raw and b"H\xe9l\xe8ne" in raw, "latin-1")
    raw = f["flawed/gb2312-no-ca.sgf"]
    expect(b"CA[" not in raw, "gb2312 file has CA")
    try:
        raw.decode("utf-8")
        expect(False, "gb2312 file is valid UTF-8")
    except UnicodeDecodeError:
        expect("王 芳" in raw.decode("gb2312"), "gb2312 names")
    try:
        parse(f["flawed/truncated.sgf"].decode())
        expect(False, "truncated file parses")
    except ValueError:
        pass
    expect(not f["flawed/notes.txt"].lstrip().startswith(b"("), "notes.txt")

    players = collections.Counter()
    pairings = collections.Counter()
    sizes = collections.Counter()
    for r in rated:
        players[r["PB"][0]] += 1
        players[r["PW"][0]] += 1
        pairings[frozenset((r["PB"][0], r["PW"][0]))] += 1
        sizes[r["SZ"][0]] += 1
    dates = sorted(r["DT"][0] for r in rated)
    print("rated games: %d" % len(rated))
    print("players: %d" % len(players))
    print("distinct pairings: %d (%d repeated)" % (
        len(pairings), sum(1 for v in pairings.values() if v > 1)))
    print("handicap games: %d" % sum(1 for r in rated if "HA" in r))
    print("sizes: " + ", ".join("%sx%s: %d" % (k, k, v)
                                for k, v in sorted(sizes.items())))
    print("resignations: %d" % sum(1 for r in rated
                                   if r["RE"][0].endswith("+R")))
    print("dates: %s .. %s" % (dates[0], dates[-1]))
    print("flawed files: %d" % len(flawed))
    # How often the player bound to the higher GNU Go level won, per size.
    for size in sorted({row["size"] for row in seen_rows}, key=int):
        for kind in ("even", "handicap"):
            won = tot = 0
            for row in seen_rows:
                if row["size"] != size or (row["handicap"] != "0") != (
                        kind == "handicap"):
                    continue
                bl, wl = int(row["black_level"]), int(row["white_level"])
                if bl == wl or row["result"][:1] not in "BW":
                    continue
                tot += 1
                won += (row["result"][0] == "B") == (bl > wl)
            if tot:
                print("%sx%s %s games, different levels: higher level won "
                      "%d of %d" % (size, size, kind, won, tot))
    missing = sum(len(v) for v in manifest.values()) - len(seen_rows)
    if missing:
        failures.append("%d manifest rows have no game file" % missing)
    for msg in failures:
        print("FAIL " + msg)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
