#!/usr/bin/env python3
"""Compares dead-stone guesses with the TB/TW markup: a table and a JSON summary.

Usage: summarize.py POSITIONS.jsonl [--json OUT.json] [--meta META.json] TOOL=RESULTS.jsonl ...
POSITIONS comes from sgfpos.py; each RESULTS file has JSON lines keyed by `id` or
`file` with `dead` (SGF points) and `ms`. Stdlib only.

Per tool: positions answered, exact dead-set matches (and, when an `echelle` result file
names the chains each markup keeps alive in atari, exact matches with those chains dead),
stone precision and recall
(pooled over all positions), how often the score counted with the tool's dead stones
equals the recorded RE (games with a numeric RE only), mean and worst ms per position.
The `markup` row scores the markup itself: it checks the replay and the counting.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sgfpos  # noqa: E402


def load_results(path):
    out = {}
    with open(path) as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            try:
                r = json.loads(line)
            except ValueError:
                continue
            # echelle names a position `path#game`; the peers give `id` or `file`.
            name = r.get("name", "").split("#")[0]
            key = r.get("id") or os.path.basename(r.get("file") or name)
            out[key] = r
    return out


def margin(pos, dead):
    """Black's margin counted with `dead` removed: territory (Japanese) or area (others)."""
    w, h = pos["width"], pos["height"]
    board = {}
    for y, row in enumerate(pos["board"]):
        for x, v in enumerate(row):
            if v:
                board[(x, y)] = v
    prisoners = {1: pos["captures"]["b"], -1: pos["captures"]["w"]}
    for s in dead:
        p = sgfpos.sgf_point(s)
        colour = board.pop(p, None)
        if colour is not None:
            prisoners[-colour] += 1
    territory = {1: 0, -1: 0}
    seen = set()
    for y in range(h):
        for x in range(w):
            p = (x, y)
            if p in board or p in seen:
                continue
            region, borders, stack = [p], set(), [p]
            seen.add(p)
            while stack:
                q = stack.pop()
                for r in sgfpos.neighbours(q, w, h):
                    if r in board:
                        borders.add(board[r])
                    elif r not in seen:
                        seen.add(r)
                        region.append(r)
                        stack.append(r)
            if len(borders) == 1:
                territory[borders.pop()] += len(region)
    rules = pos["rules"].lower()
    if rules.startswith("jap"):
        b = territory[1] + prisoners[1]
        wt = territory[-1] + prisoners[-1]
    else:
        stones = {1: 0, -1: 0}
        for v in board.values():
            stones[v] += 1
        b = territory[1] + stones[1]
        wt = territory[-1] + stones[-1]
        if rules.startswith("chin") and pos["handicap"] > 1:
            # KGS gives White one point per handicap stone under Chinese rules.
            wt += pos["handicap"]
        elif rules.startswith("aga") and pos["handicap"] > 1:
            wt += pos["handicap"] - 1
    return b - wt - pos["komi"]


def evaluate(positions, results):
    n = exact = exact_atari = tp = fp = fn = scored = score_ok = 0
    times = []
    errors = 0
    for pos in positions:
        r = results.get(pos["id"])
        if r is None or "dead" not in r:
            errors += 1
            continue
        n += 1
        truth, guess = set(pos["markup_dead"]), set(r["dead"])
        exact += truth == guess
        # The same, once the chains the markup left capturable in atari count as dead.
        exact_atari += truth | set(pos.get("left_in_atari", [])) == guess
        tp += len(truth & guess)
        fp += len(guess - truth)
        fn += len(truth - guess)
        if "ms" in r:
            times.append(float(r["ms"]))
        re = sgfpos.parse_re(pos["re"])
        if re is not None:
            scored += 1
            score_ok += abs(margin(pos, guess) - re) < 1e-6
    return {
        "positions": n,
        "missing_or_errors": errors,
        "exact": exact,
        "exact_pct": round(100.0 * exact / n, 1) if n else None,
        "exact_atari_dead": exact_atari,
        "stones_true": tp + fn,
        "precision": round(tp / (tp + fp), 4) if tp + fp else None,
        "recall": round(tp / (tp + fn), 4) if tp + fn else None,
        "scored": scored,
        "score_eq_re": score_ok,
        "score_eq_re_pct": round(100.0 * score_ok / scored, 1) if scored else None,
        "mean_ms": round(sum(times) / len(times), 3) if times else None,
        "worst_ms": round(max(times), 3) if times else None,
    }


def fmt(v, suffix=""):
    return "-" if v is None else f"{v}{suffix}"


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    positions_path, args = args[0], args[1:]
    json_out = None
    meta = {}
    while len(args) >= 2 and args[0] in ("--json", "--meta"):
        if args[0] == "--json":
            json_out = args[1]
        else:
            with open(args[1]) as fh:
                meta = json.load(fh)
        args = args[2:]
    with open(positions_path) as fh:
        positions = [json.loads(l) for l in fh if l.strip()]
    tools = {"markup": {p["id"]: {"dead": p["markup_dead"]} for p in positions}}
    for a in args:
        name, _, path = a.partition("=")
        tools[name] = load_results(path) if os.path.exists(path) else {}
    # echelle names the chains each markup keeps alive in atari: every tool is also scored
    # against the markup with those chains dead.
    for pos in positions:
        mine = tools.get("echelle", {}).get(pos["id"])
        if mine is not None:
            pos["left_in_atari"] = mine.get("left_in_atari", [])
    summary = {
        "positions": len(positions),
        "source": os.path.abspath(positions_path),
        # Tool versions and machine load: timings mean little without them.
        "meta": meta,
        "score_note": "score=RE counts territory (Japanese) or area (others) with a simple "
        "one-colour-border region rule; the markup row is its ceiling",
        "tools": {name: evaluate(positions, res) for name, res in tools.items()},
    }
    head = f"{'tool':<12} {'positions':>9} {'exact':>13} {'+atari':>6} {'precision':>9} {'recall':>7} {'score=RE':>13} {'mean ms':>9} {'worst ms':>9}"
    print(head)
    print("-" * len(head))
    for name, s in summary["tools"].items():
        exact = f"{s['exact']} ({fmt(s['exact_pct'], '%')})"
        score = f"{s['score_eq_re']}/{s['scored']} ({fmt(s['score_eq_re_pct'], '%')})"
        print(
            f"{name:<12} {s['positions']:>9} {exact:>13} {s['exact_atari_dead']:>6} {fmt(s['precision']):>9} "
            f"{fmt(s['recall']):>7} {score:>13} {fmt(s['mean_ms']):>9} {fmt(s['worst_ms']):>9}"
        )
    if json_out:
        with open(json_out, "w") as fh:
            json.dump(summary, fh, indent=2)
            fh.write("\n")


if __name__ == "__main__":
    main()
