#!/usr/bin/env python3
"""Final positions and TB/TW dead-stone markup of SGF games, for the peer comparison.

Stdlib only. Reads the main line (first variation), replays it with captures, and reads
the territory markup on its last node: a TB/TW point under a stone of the other colour
is a stone both players agreed dead (KGS writes its scoring that way).

As a script: `sgfpos.py DIR_OR_FILES...` prints one JSON line per game that ends with
TB/TW markup: {id, file, width, height, board (rows top to bottom, 1 black, -1 white),
komi, rules, handicap, re, captures {b, w}, markup_dead [SGF points]}.
"""
import json
import os
import sys


def parse_sgf(text):
    """The main line of the first game tree: a list of nodes, each {ident: [values]}."""
    i, n = 0, len(text)
    nodes = []
    depth = 0
    # Main line = the first variation at every branch: read nodes until the first ")"
    # after some node was read, since the first child sequence always comes first.
    while i < n:
        c = text[i]
        if c == "(":
            depth += 1
            i += 1
        elif c == ")":
            if nodes:
                break
            depth -= 1
            i += 1
        elif c == ";" and depth > 0:
            i += 1
            node = {}
            while True:
                while i < n and text[i].isspace():
                    i += 1
                j = i
                while i < n and text[i].isalpha():
                    i += 1
                ident = "".join(ch for ch in text[j:i] if ch.isupper())
                if j == i or i >= n or text[i] != "[":
                    i = j
                    break
                values = []
                while i < n and text[i] == "[":
                    i += 1
                    buf = []
                    while i < n and text[i] != "]":
                        if text[i] == "\\" and i + 1 < n:
                            i += 1
                        buf.append(text[i])
                        i += 1
                    i += 1
                    values.append("".join(buf))
                    while i < n and text[i].isspace():
                        i += 1
                node.setdefault(ident, []).extend(values)
            nodes.append(node)
        else:
            i += 1
    return nodes


def sgf_point(v):
    """SGF letters → (x, y), or None for a pass / empty value."""
    def num(ch):
        if "a" <= ch <= "z":
            return ord(ch) - ord("a")
        if "A" <= ch <= "Z":
            return ord(ch) - ord("A") + 26
        raise ValueError(ch)

    v = v.strip()
    if len(v) < 2:
        return None
    return num(v[0]), num(v[1])


def point_list(values, w, h):
    """Expands SGF point lists, including compressed `aa:cc` rectangles."""
    out = []
    for v in values:
        if ":" in v:
            a, b = v.split(":", 1)
            p, q = sgf_point(a), sgf_point(b)
            if p is None or q is None:
                continue
            for x in range(min(p[0], q[0]), max(p[0], q[0]) + 1):
                for y in range(min(p[1], q[1]), max(p[1], q[1]) + 1):
                    out.append((x, y))
        else:
            p = sgf_point(v)
            if p is not None and p[0] < w and p[1] < h:
                out.append(p)
    return out


def to_sgf(p):
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[p[0]] + letters[p[1]]


def neighbours(p, w, h):
    x, y = p
    if x > 0:
        yield (x - 1, y)
    if x + 1 < w:
        yield (x + 1, y)
    if y > 0:
        yield (x, y - 1)
    if y + 1 < h:
        yield (x, y + 1)


def chain(board, p, w, h):
    """The chain at p and its liberties."""
    colour = board[p]
    seen, stack, libs = {p}, [p], set()
    while stack:
        q = stack.pop()
        for r in neighbours(q, w, h):
            c = board.get(r)
            if c is None:
                libs.add(r)
            elif c == colour and r not in seen:
                seen.add(r)
                stack.append(r)
    return seen, libs


def play(board, p, colour, w, h):
    """Plays a stone with captures (and suicide); returns stones captured from the opponent."""
    board[p] = colour
    taken = 0
    for r in neighbours(p, w, h):
        if board.get(r) == -colour:
            stones, libs = chain(board, r, w, h)
            if not libs:
                for s in stones:
                    del board[s]
                taken += len(stones)
    stones, libs = chain(board, p, w, h)
    if not libs:
        for s in stones:
            del board[s]
    return taken


def size_of(root):
    sz = (root.get("SZ") or ["19"])[0]
    if ":" in sz:
        a, b = sz.split(":", 1)
        return int(a), int(b)
    return int(sz), int(sz)


def final_position(nodes):
    """Replays the main line: (w, h, board dict {(x, y): ±1}, captures {1: by black, -1: by white})."""
    w, h = size_of(nodes[0])
    board = {}
    caps = {1: 0, -1: 0}
    for node in nodes:
        for p in point_list(node.get("AE", []), w, h):
            board.pop(p, None)
        for ident, colour in (("AB", 1), ("AW", -1)):
            for p in point_list(node.get(ident, []), w, h):
                board[p] = colour
        for ident, colour in (("B", 1), ("W", -1)):
            for v in node.get(ident, []):
                p = sgf_point(v)
                # tt is a pass on boards up to 19x19 (FF[3]).
                if p is None or p[0] >= w or p[1] >= h:
                    continue
                caps[colour] += play(board, p, colour, w, h)
    return w, h, board, caps


def miss_kind(board, w, h, points):
    """What a disagreement over the stones at `points` (SGF points) is: "ko" when each is a
    lone stone in atari whose capture would be a ko (the liberty's other neighbours all of
    its colour: the capturing stone could be retaken at once; players leave such a stone on
    the board, engines take it), "atari" when each stands in a chain in atari (who is to
    move decides it), else "other"."""
    kinds = set()
    for v in points:
        p = sgf_point(v)
        if p is None or p not in board:
            return "other"
        colour = board[p]
        seen, libs = chain(board, p, w, h)
        if len(libs) != 1:
            return "other"
        lib = next(iter(libs))
        lone_ko = len(seen) == 1 and all(
            r == p or board.get(r) == colour for r in neighbours(lib, w, h)
        )
        kinds.add("ko" if lone_ko else "atari")
    return "atari" if "atari" in kinds or not kinds else "ko"


def markup_dead(last, board, w, h):
    """Stones under territory of the other colour on the last node: agreed dead."""
    dead = set()
    for ident, owner in (("TB", 1), ("TW", -1)):
        for p in point_list(last.get(ident, []), w, h):
            if board.get(p) == -owner:
                dead.add(p)
    return dead


def parse_re(re):
    """Black's margin from RE (B+3.5 → 3.5, W+0.5 → -0.5); None for resign, time, etc."""
    re = re.strip().upper()
    if len(re) < 3 or re[0] not in "BW" or re[1] != "+":
        return None
    try:
        v = float(re[2:])
    except ValueError:
        return None
    return v if re[0] == "B" else -v


def read_text(path):
    with open(path, "rb") as fh:
        data = fh.read()
    for enc in ("utf-8", "latin-1"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("utf-8", "replace")


def record(path):
    """The JSON record of one game, or None when it has no TB/TW markup on its last node."""
    nodes = parse_sgf(read_text(path))
    if not nodes:
        return None
    last = nodes[-1]
    if "TB" not in last and "TW" not in last:
        return None
    w, h, board, caps = final_position(nodes)
    root = nodes[0]
    rows = [[board.get((x, y), 0) for x in range(w)] for y in range(h)]
    try:
        komi = float((root.get("KM") or ["0"])[0])
    except ValueError:
        komi = 0.0
    try:
        ha = int(float((root.get("HA") or ["0"])[0]))
    except ValueError:
        ha = 0
    return {
        "id": os.path.basename(path),
        "file": os.path.abspath(path),
        "width": w,
        "height": h,
        "board": rows,
        "komi": komi,
        "rules": (root.get("RU") or [""])[0],
        "handicap": ha,
        "re": (root.get("RE") or [""])[0],
        "captures": {"b": caps[1], "w": caps[-1]},
        "markup_dead": sorted(to_sgf(p) for p in markup_dead(last, board, w, h)),
    }


def sgf_files(args):
    for a in args:
        if os.path.isdir(a):
            for dirpath, _dirs, files in os.walk(a):
                for f in sorted(files):
                    if f.lower().endswith(".sgf"):
                        yield os.path.join(dirpath, f)
        else:
            yield a


def main():
    for path in sorted(sgf_files(sys.argv[1:])):
        try:
            rec = record(path)
        except (ValueError, IndexError, OSError) as e:
            print(f"sgfpos: {path}: {e}", file=sys.stderr)
            continue
        if rec is not None:
            print(json.dumps(rec, separators=(",", ":")))


if __name__ == "__main__":
    main()
