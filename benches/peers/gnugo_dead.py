#!/usr/bin/env python3
"""GNU Go's dead stones for SGF files: `loadsgf FILE` then `final_status_list dead` over GTP.

Stdlib only. Files come as arguments, or one a line on stdin (a JSON line with a "file"
key is accepted too, so positions from sgfpos.py can be piped in). One JSON line per
file: {file, dead: [SGF points], ms} (ms covers loadsgf + final_status_list), or
{file, error}. One engine serves every file, in one process, one position at a time.
GNU Go ignores the TB/TW markup on the last node, which is what we want.

Options: --gnugo "COMMAND" (default: gnugo, or /usr/games/gnugo, with --mode gtp).
"""
import json
import os
import shutil
import subprocess
import sys
import time

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def default_command():
    exe = shutil.which("gnugo") or (
        "/usr/games/gnugo" if os.access("/usr/games/gnugo", os.X_OK) else None
    )
    if exe is None:
        sys.exit("gnugo_dead.py: GNU Go is not installed (benches/peers/setup.sh installs it)")
    return [exe, "--mode", "gtp"]


class Gtp:
    def __init__(self, argv):
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def cmd(self, line):
        """Sends a command; returns (ok, text)."""
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            out = self.proc.stdout.readline()
            if out == "":
                raise RuntimeError(f"engine exited during {line!r}")
            out = out.rstrip("\r\n")
            if not lines and not out[:1] in ("=", "?"):
                continue
            if lines and out.strip() == "":
                break
            lines.append(out)
        first = lines[0]
        ok = first.startswith("=")
        text = "\n".join([first[1:].lstrip("0123456789")] + lines[1:]).strip()
        return ok, text

    def close(self):
        try:
            self.cmd("quit")
        except (RuntimeError, OSError):
            pass
        self.proc.kill()
        self.proc.wait()


def vertex_to_sgf(v, size):
    col = COLUMNS.index(v[0].upper())
    row = int(v[1:])
    return LETTERS[col] + LETTERS[size - row]


def files_from(args):
    if args:
        yield from args
        return
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        if line.startswith("{"):
            try:
                yield json.loads(line)["file"]
            except (ValueError, KeyError):
                continue
        else:
            yield line


def main():
    args = sys.argv[1:]
    argv = None
    if len(args) >= 2 and args[0] == "--gnugo":
        argv = args[1].split()
        args = args[2:]
    engine = Gtp(argv or default_command())
    try:
        for path in files_from(args):
            path = os.path.abspath(path)
            start = time.perf_counter()
            try:
                ok, text = engine.cmd(f"loadsgf {path}")
                if not ok:
                    raise RuntimeError(f"loadsgf: {text}")
                ok, text = engine.cmd("final_status_list dead")
                if not ok:
                    raise RuntimeError(f"final_status_list: {text}")
                ms = (time.perf_counter() - start) * 1000
                ok, size = engine.cmd("query_boardsize")
                n = int(size)
                dead = sorted(vertex_to_sgf(v, n) for v in text.split())
            except (RuntimeError, ValueError, IndexError) as e:
                print(json.dumps({"file": path, "error": str(e)}), flush=True)
                if engine.proc.poll() is not None:
                    engine = Gtp(argv or default_command())
                continue
            print(json.dumps({"file": path, "dead": dead, "ms": round(ms, 3)}), flush=True)
    finally:
        engine.close()


if __name__ == "__main__":
    main()
