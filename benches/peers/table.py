#!/usr/bin/env python3
"""The peers table: markdown from the `echelle accuracy --json` files compare.sh wrote.

    table.py OUT_DIR SETS HALVES TOOLS

OUT_DIR holds SET.HALF.TOOL.json (the figures) or SET.HALF.TOOL.na (one line: why the tool
did not run). SETS, HALVES and TOOLS are comma-separated, in the order to print. Prints one
row per set, half and tool, then the totals per tool. Stdlib only.
"""
import json
import os
import sys

LABELS = {
    "estimate": "echelle estimate",
    "oracle": "echelle estimate + `--oracle` GNU Go",
    "gnugo": "GNU Go alone",
    "katago-net": "KataGo net, 1 eval (katago_rawnn.py)",
    "katago": "KataGo `final_status_list` (100 visits)",
}
FIGURES = (
    "games",
    "exact",
    "exact_with_atari_dead",
    "scored_games",
    "re_match_estimate",
    "re_match_markup",
    "oracle_sent",
    "engine_failed",
)


def load(out, name):
    """(figures, None) from NAME.json, or (None, reason) from NAME.na or its absence."""
    path = os.path.join(out, name)
    try:
        with open(path + ".json") as fh:
            return json.load(fh), None
    except (OSError, ValueError):
        pass
    try:
        with open(path + ".na") as fh:
            return None, fh.read().strip() or "not run"
    except OSError:
        return None, "not run"


def pct(a, b):
    return f"{100.0 * a / b:.1f} %" if b else "–"


def row(cells):
    return "| " + " | ".join(str(c) for c in cells) + " |"


def ms(v):
    return f"{v:,.1f}" if v < 100 else f"{v:,.0f}"


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    out = sys.argv[1]
    sets, halves, tools = (a.split(",") for a in sys.argv[2:5])
    head = ["set", "half", "tool", "positions", "exact dead sets", "+ atari", "score = RE",
            "ms mean", "ms worst", "sent to oracle"]
    print(row(head))
    print(row(["---"] * len(head)))
    totals = {t: dict.fromkeys(FIGURES, 0) | {"ms": 0.0, "worst": 0.0, "runs": 0} for t in tools}
    reasons = {}
    for s in sets:
        for h in halves:
            for t in tools:
                r, why = load(out, f"{s}.{h}.{t}")
                if r is None:
                    reasons.setdefault(t, why)
                    print(row([s, h, LABELS.get(t, t)] + ["n/a"] * 7))
                    continue
                tot = totals[t]
                tot["runs"] += 1
                if not r["games"]:
                    continue  # this half of the set holds no position
                for k in FIGURES:
                    tot[k] += r.get(k, 0)
                tot["ms"] += r["mean_ms"] * r["games"]
                tot["worst"] = max(tot["worst"], r["worst_ms"])
                failed = f" ({r['engine_failed']} failed)" if r.get("engine_failed") else ""
                print(row([
                    s, h, LABELS.get(t, t), r["games"],
                    f"{r['exact']} ({pct(r['exact'], r['games'])}){failed}",
                    f"{r['exact_with_atari_dead']} ({pct(r['exact_with_atari_dead'], r['games'])})",
                    f"{r['re_match_estimate']}/{r['scored_games']}",
                    ms(r["mean_ms"]), ms(r["worst_ms"]),
                    r["oracle_sent"] if t == "oracle" else "–",
                ]))
    print()
    head = ["tool", "positions", "exact dead sets", "+ atari", "score = RE", "ms mean",
            "ms worst", "sent to oracle"]
    print(row(head))
    print(row(["---"] * len(head)))
    ceiling = None
    for t in tools:
        tot = totals[t]
        if not tot["runs"]:
            print(row([LABELS.get(t, t)] + ["n/a"] * 7))
            continue
        n = tot["games"]
        if ceiling is None or tot["runs"] > ceiling[2]:
            ceiling = (tot["re_match_markup"], tot["scored_games"], tot["runs"])
        runs = f" of {len(sets) * len(halves)} runs" if tot["runs"] < len(sets) * len(halves) else ""
        failed = f" ({tot['engine_failed']} failed)" if tot["engine_failed"] else ""
        print(row([
            LABELS.get(t, t) + runs, n,
            f"{tot['exact']} ({pct(tot['exact'], n)}){failed}",
            f"{tot['exact_with_atari_dead']} ({pct(tot['exact_with_atari_dead'], n)})",
            f"{tot['re_match_estimate']}/{tot['scored_games']}",
            ms(tot["ms"] / n) if n else "–", ms(tot["worst"]),
            tot["oracle_sent"] if t == "oracle" else "–",
        ]))
    print()
    if ceiling:
        print(f"score = RE: games with a score result whose count with the tool's dead stones "
              f"equals RE; with the players' own markup: {ceiling[0]}/{ceiling[1]}.")
    for t, why in reasons.items():
        print(f"n/a, {LABELS.get(t, t)}: {why}")


if __name__ == "__main__":
    main()
