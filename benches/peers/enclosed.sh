#!/usr/bin/env bash
# echelle's estimate against GNU Go on generated enclosed-group positions
# (enclosed_positions.py): how often the two give the same dead set, and the same fate to the
# enclosing group. GNU Go is no ground truth here: on several of these shapes its
# `final_status_list` calls seki a group that the exhaustive reading kills (sacrifice into a
# bulky five); read the positions where they differ before drawing conclusions.
# `bash benches/peers/consensus.sh OUT target/enclosed-SEED/pos` judges the same positions
# by GNU Go and KataGo's network together (KataGo's network misses those kills too; KataGo
# searching 150 visits finds them).
#
#   bash benches/peers/enclosed.sh [SEED] [COUNT]
#
# Needs python3 and /usr/games/gnugo (apt install gnugo); about 30 s for 400 positions.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
seed="${1:-7}" count="${2:-400}"
out="$root/target/enclosed-$seed"
gnugo="${GNUGO:-/usr/games/gnugo}"
[ -x "$gnugo" ] || { echo "enclosed.sh: $gnugo not found (apt install gnugo)" >&2; exit 1; }
cargo build --release --quiet --manifest-path "$root/Cargo.toml"
echelle="$root/target/release/echelle"
rm -rf "$out" && mkdir -p "$out"
python3 "$here/enclosed_positions.py" "$seed" "$out/pos" "$count" > /dev/null
"$echelle" analyze "$out/pos" --no-progress -q --dead-stones estimate -o "$out/estimate.jsonl"
"$echelle" analyze "$out/pos" --no-progress -q -j 1 \
    --dead-stones "gtp:$gnugo --mode gtp" -o "$out/gnugo.jsonl"
python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
def load(name):
    res = {}
    for line in open(f"{out}/{name}"):
        d = json.loads(line)
        ds = (d.get("score") or {}).get("dead_stones") or {}
        res[d["file"]] = (frozenset(ds.get("black", [])), frozenset(ds.get("white", [])),
                          ds.get("source"), bool(ds.get("uncertain_groups")))
    return res
est, gg = load("estimate.jsonl"), load("gnugo.jsonl")
answered = [k for k in est if gg.get(k, (0, 0, None))[2] == "gtp"]
same = sum(est[k][:2] == gg[k][:2] for k in answered)
group = sum(bool(est[k][1]) == bool(gg[k][1]) for k in answered)
print(f"{len(est)} positions, {len(answered)} answered by GNU Go: same dead set {same}, "
      f"same fate of the enclosing White group {group}")
for k in sorted(answered):
    if bool(est[k][1]) != bool(gg[k][1]):
        e = "dead" if est[k][1] else "lives"
        g = "dead" if gg[k][1] else "lives"
        flag = " (estimate: uncertain group)" if est[k][3] else ""
        print(f"  {k}: estimate {e}, GNU Go {g}{flag}")
PY
