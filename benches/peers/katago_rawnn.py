#!/usr/bin/env python3
"""A GTP engine that answers `final_status_list dead` from KataGo's network alone.

    katago_rawnn.py KATAGO_COMMAND...

Runs KataGo (its GTP mode, the rest of the command line) behind it and passes every
command through, except `final_status_list`, which KataGo answers after a search of at
least 100 visits (`max(100, 20 x threads)`, whatever maxVisits says): several minutes a
position on a CPU through pocl. Here the position gets one evaluation of the network
(`kata-raw-nn 0`: the ownership head, symmetry 0) and each chain is judged with the
thresholds of KataGo's own `final_status_list` (PlayUtils::computeAnticipatedStatuses-
WithOwnership): a chain lives when its mean ownership is above 0.2 for its colour and its
worst point above -0.6. So the answer is KataGo's rule on an unsearched ownership map.

Stdlib only. The board is kept here from `boardsize`, `clear_board`, `play` and
`set_free_handicap` (with captures) to know the chains. Komi is rounded to a half point
(KataGo refuses other values). Errors from KataGo are passed on as GTP errors.
"""
import subprocess
import sys

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Board:
    def __init__(self, size=19):
        self.size = size
        self.stones = {}

    def neighbours(self, p):
        x, y = p
        for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def chain(self, p):
        colour = self.stones[p]
        seen, stack, libs = {p}, [p], set()
        while stack:
            q = stack.pop()
            for r in self.neighbours(q):
                c = self.stones.get(r)
                if c is None:
                    libs.add(r)
                elif c == colour and r not in seen:
                    seen.add(r)
                    stack.append(r)
        return seen, libs

    def play(self, colour, p):
        self.stones[p] = colour
        for q in self.neighbours(p):
            if self.stones.get(q, colour) != colour:
                stones, libs = self.chain(q)
                if not libs:
                    for s in stones:
                        del self.stones[s]
        stones, libs = self.chain(p)
        if not libs:
            for s in stones:
                del self.stones[s]

    def vertex(self, p):
        # Points are (column, row from the top), as kata-raw-nn prints its maps.
        return f"{COLUMNS[p[0]]}{self.size - p[1]}"

    def point(self, v):
        v = v.upper()
        if v == "PASS":
            return None
        return (COLUMNS.index(v[0]), self.size - int(v[1:]))


class Engine:
    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def ask(self, line):
        """Sends one command; returns (ok, body) with the `=`/`?` removed."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            out = self.proc.stdout.readline()
            if out == "":
                raise RuntimeError(f"KataGo exited during {line!r}")
            out = out.rstrip("\r\n")
            if not lines and out[:1] not in ("=", "?"):
                continue
            if lines and out.strip() == "":
                break
            lines.append(out)
        ok = lines[0].startswith("=")
        lines[0] = lines[0][1:].lstrip("0123456789").strip()
        return ok, "\n".join(lines).strip()


def dead_stones(board, raw):
    """The stones KataGo's thresholds call dead on the ownership map in `raw`."""
    rows = raw.splitlines()
    try:
        at = [r.strip() for r in rows].index("whiteOwnership")
    except ValueError:
        raise RuntimeError("kata-raw-nn gave no whiteOwnership")
    own = []
    for row in rows[at + 1 : at + 1 + board.size]:
        values = [float(v) for v in row.split()]
        if len(values) != board.size:
            raise RuntimeError("kata-raw-nn: ownership row of the wrong width")
        own.append(values)
    if len(own) != board.size:
        raise RuntimeError("kata-raw-nn: ownership map of the wrong height")
    dead, seen = [], set()
    for p, colour in sorted(board.stones.items()):
        if p in seen:
            continue
        stones, _ = board.chain(p)
        seen |= stones
        # Ownership for the chain's own colour: +1 owned by it.
        mine = [own[y][x] * (1 if colour == "w" else -1) for x, y in stones]
        alive = sum(mine) / len(mine) > 0.2 and min(mine) > -0.6
        if not alive:
            dead.extend(board.vertex(s) for s in sorted(stones))
    return dead


def main():
    argv = sys.argv[1:]
    if not argv:
        sys.exit(__doc__)
    engine = Engine(argv)
    board = Board()
    for line in sys.stdin:
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
        cmd, args = words[0], words[1:]
        try:
            if cmd == "final_status_list":
                if args[:1] != ["dead"]:
                    ok, body = True, ""
                else:
                    ok, body = engine.ask("kata-raw-nn 0")
                    if ok:
                        body = " ".join(dead_stones(board, body))
            else:
                forward = line if not ident else " ".join(words)
                if cmd == "komi" and args:
                    forward = f"komi {round(float(args[0]) * 2) / 2}"
                ok, body = engine.ask(forward)
                if ok and cmd == "boardsize":
                    board = Board(int(args[0]))
                elif ok and cmd == "clear_board":
                    board = Board(board.size)
                elif ok and cmd == "play" and len(args) == 2:
                    p = board.point(args[1])
                    if p is not None:
                        board.play(args[0][0].lower(), p)
                elif ok and cmd == "set_free_handicap":
                    for v in args:
                        board.play("b", board.point(v))
        except (RuntimeError, ValueError, IndexError, OSError) as e:
            ok, body = False, str(e)
        print(f"{'=' if ok else '?'}{ident} {body}".rstrip() + "\n", flush=True)
        if cmd == "quit" or engine.proc.poll() is not None:
            break
    engine.proc.kill()
    engine.proc.wait()


if __name__ == "__main__":
    main()
