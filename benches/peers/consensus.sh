#!/usr/bin/env bash
# echelle's dead-stone estimate against GNU Go and KataGo where the two agree, on positions
# without markup: the generated sets (enclosed, notch, race, invasion, capture, self-play
# positions)
# and real games with a score result. Each PATH is reported apart (give a tuning part and a
# check part as two paths).
#
#   bash benches/peers/consensus.sh [--scored] [--reuse] OUT_DIR PATH...
#
# --scored keeps only the records whose RE is a score (what the Fox and yenw figures use).
# --reuse keeps the engines' answers an earlier run left in OUT_DIR (same PATHs) and runs
# only the estimate again: the current tree measured against the same judges in seconds.
# Writes OUT_DIR/{estimate,gnugo,katago}.jsonl and OUT_DIR/misses.txt (the positions where
# the estimate differs from the consensus, with the points in question and what they are:
# `ko`, each a lone stone in atari whose capture would be a ko, which players leave on the
# board and engines take; `atari`, each in a chain in atari, which the player to move
# decides; else `other`). The table counts the unflagged misses of the first two kinds
# apart. Needs python3 and
# GNU Go (apt install gnugo; GNUGO=PATH to choose one); KataGo when `bash
# benches/peers/setup.sh` has installed it (without it, GNU Go alone is the judge). About
# 1 s a position for GNU Go and 2 s for KataGo's network, one at a time. The engines' paths
# and KataGo's command line are engines.sh's, as for compare.sh.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scored=0 reuse=0
while [ "${1:-}" = "--scored" ] || [ "${1:-}" = "--reuse" ]; do
    if [ "$1" = "--scored" ]; then scored=1; else reuse=1; fi
    shift
done
[ $# -ge 2 ] || { echo "usage: consensus.sh [--scored] [--reuse] OUT_DIR PATH..." >&2; exit 2; }
out="$1"; shift
katago_logs="$out/katago-logs"
# shellcheck source=engines.sh
. "$here/engines.sh"
[ -x "$gnugo" ] || { echo "consensus.sh: $gnugo not found (apt install gnugo)" >&2; exit 1; }
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
echelle="$root/target/release/echelle"
mkdir -p "$out"
"$echelle" analyze "$@" --no-progress -q --dead-stones estimate -o "$out/estimate.jsonl"
# The files the engines read: every input, or those with a score result.
python3 - "$out" "$scored" <<'PY'
import json, sys
out, scored = sys.argv[1], sys.argv[2] == "1"
files = []
for line in open(f"{out}/estimate.jsonl"):
    d = json.loads(line)
    if d.get("score") and (not scored or (d.get("result") or {}).get("kind") == "score"):
        if d["file"] not in files:
            files.append(d["file"])
with open(f"{out}/files.txt", "w") as fh:
    fh.write("".join(f + "\n" for f in files))
PY
mapfile -t files < "$out/files.txt"
[ ${#files[@]} -gt 0 ] || { echo "consensus.sh: no finished position among the inputs" >&2; exit 1; }
if [ $reuse -eq 1 ] && [ -s "$out/gnugo.jsonl" ] && [ -s "$out/katago.jsonl" ]; then
    echo "consensus.sh: the engines' answers already in $out are kept (--reuse)" >&2
else
    "$echelle" analyze "${files[@]}" --no-progress -q -j 1 \
        --dead-stones "gtp:$gnugo --mode gtp" -o "$out/gnugo.jsonl"
    if [ -x "$katago" ] && [ -n "$model" ]; then
        "$echelle" analyze "${files[@]}" --no-progress -q -j 1 \
            --dead-stones "gtp:python3 $here/katago_rawnn.py $katago_cmd" -o "$out/katago.jsonl"
    else
        echo "consensus.sh: KataGo not installed (bash benches/peers/setup.sh): GNU Go alone judges" >&2
        cp "$out/gnugo.jsonl" "$out/katago.jsonl"
    fi
fi
python3 - "$here" "$out" "$@" <<'PY'
import json, os, sys
sys.path.insert(0, sys.argv[1])
import sgfpos  # noqa: E402
out, paths = sys.argv[2], [os.path.abspath(p) for p in sys.argv[3:]]


def kind(key, points):
    """sgfpos.miss_kind of a miss, "?" when the file cannot be read here (an archive entry,
    a later game of a collection)."""
    if key[1] not in (0, None):
        return "?"
    try:
        with open(key[0], encoding="utf-8", errors="replace") as fh:
            w, h, board, _ = sgfpos.final_position(sgfpos.parse_sgf(fh.read()))
    except (OSError, ValueError):
        return "?"
    return sgfpos.miss_kind(board, w, h, sorted(points))


def load(name):
    res = {}
    for line in open(f"{out}/{name}"):
        d = json.loads(line)
        ds = (d.get("score") or {}).get("dead_stones") or {}
        key = (os.path.abspath(d["file"]), d.get("game"))
        res[key] = (frozenset(ds.get("black", [])), frozenset(ds.get("white", [])),
                    ds.get("source"), bool(ds.get("uncertain_groups")))
    return res


est, gg, kg = load("estimate.jsonl"), load("gnugo.jsonl"), load("katago.jsonl")
rows, misses = [], []
for path in paths:
    keys = [k for k in est if k in gg and k in kg and gg[k][2] == "gtp" and kg[k][2] == "gtp"
            and (k[0] == path or k[0].startswith(path.rstrip("/") + "/"))]
    agree = [k for k in keys if gg[k][:2] == kg[k][:2]]
    same = [k for k in agree if est[k][:2] == gg[k][:2]]
    wrong = [k for k in agree if est[k][:2] != gg[k][:2]]
    kinds = {k: kind(k, (est[k][0] ^ gg[k][0]) | (est[k][1] ^ gg[k][1])) for k in wrong}
    unflagged = [kinds[k] for k in wrong if not est[k][3]]
    rows.append((path, len(keys), len(agree), len(same), sum(est[k][3] for k in wrong),
                 unflagged.count("ko"), unflagged.count("atari"),
                 sum(est[k][:2] == gg[k][:2] for k in keys),
                 sum(est[k][:2] == kg[k][:2] for k in keys)))
    for k in wrong:
        e, g = est[k], gg[k]
        misses.append(f"{k[0]}#{k[1]}: estimate only B {sorted(e[0] - g[0])} W {sorted(e[1] - g[1])}; "
                      f"engines only B {sorted(g[0] - e[0])} W {sorted(g[1] - e[1])}; {kinds[k]}"
                      + ("; flagged unsure" if e[3] else ""))
with open(f"{out}/misses.txt", "w") as fh:
    fh.write("".join(m + "\n" for m in misses))
print("| path | positions | GNU Go = KataGo | estimate = both | of its misses flagged "
      "| unflagged: lone ko stone | unflagged: chain in atari | estimate = GNU Go | estimate = KataGo |")
print("|---|---|---|---|---|---|---|---|---|")
for r in rows:
    print("| %s | %d | %d | %d | %d | %d | %d | %d | %d |" % r)
PY
