#!/usr/bin/env bash
# Dead-stone accuracy of echelle, GNU Go and @sabaki/deadstones against TB/TW markup, on
# the same final positions in the same run. Column `+atari`: exact matches once the chains
# the markup keeps alive in atari (named by echelle) count as dead.
#
#   benches/peers/kgs_deadstones.sh [FOLDER] [OUT_DIR]
#
# FOLDER defaults to ../shared/corpus/kgs-6d-godmoves/kgs-19-2017-01-new (from the
# project root): the games whose last node has TB/TW markup are used, a TB/TW point
# under a stone of the other colour being a stone agreed dead. Prints a table and
# writes OUT_DIR/summary.json (default benches/peers/out) for echelle's accuracy
# command to print beside its own figures. Engines run one at a time (shared cores).
# Set PEERS_GNUGO="gnugo --mode gtp --level 10" to change GNU Go's command line,
# PEERS_SKIP="gnugo" or "deadstones" to leave one out.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
folder="${1:-$root/../shared/corpus/kgs-6d-godmoves/kgs-19-2017-01-new}"
out="${2:-$here/out}"
skip="${PEERS_SKIP:-}"
mkdir -p "$out"

[ -d "$folder" ] || { echo "compare.sh: no folder $folder" >&2; exit 1; }
"$here/setup.sh" --no-katago --deadstones >&2

echo "positions: replaying games with TB/TW markup under $folder" >&2
python3 "$here/sgfpos.py" "$folder" > "$out/positions.jsonl"
echo "positions: $(wc -l < "$out/positions.jsonl")" >&2

tools=()
echo "running echelle accuracy" >&2
(cd "$root" && cargo build --release --quiet)
"$root/target/release/echelle" accuracy "$folder" --positions "$out/echelle.jsonl" >&2
tools+=("echelle=$out/echelle.jsonl")
if [[ "$skip" != *deadstones* ]]; then
    echo "running @sabaki/deadstones" >&2
    node "$here/deadstones.js" < "$out/positions.jsonl" > "$out/deadstones.jsonl"
    tools+=("deadstones=$out/deadstones.jsonl")
fi
if [[ "$skip" != *gnugo* ]]; then
    echo "running GNU Go (about 1 s per 19x19 position)" >&2
    gnugo_args=()
    [ -n "${PEERS_GNUGO:-}" ] && gnugo_args=(--gnugo "$PEERS_GNUGO")
    python3 "$here/gnugo_dead.py" "${gnugo_args[@]}" < "$out/positions.jsonl" > "$out/gnugo.jsonl"
    tools+=("gnugo=$out/gnugo.jsonl")
fi

gnugo_exe="$(command -v gnugo || echo /usr/games/gnugo)"
python3 - "$out/meta.json" "$gnugo_exe" "$here" "$folder" <<'PY'
import json, os, subprocess, sys, time
out, gnugo, here, folder = sys.argv[1:5]
def run(argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=30).stdout.strip().splitlines()[0]
    except (OSError, IndexError, subprocess.SubprocessError):
        return None
pkg = os.path.join(here, "node_modules", "@sabaki", "deadstones", "package.json")
try:
    ds = json.load(open(pkg))["version"]
except (OSError, ValueError, KeyError):
    ds = None
json.dump({
    "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    "folder": os.path.abspath(folder),
    "gnugo": run([gnugo, "--version"]),
    "gnugo_command": os.environ.get("PEERS_GNUGO") or gnugo + " --mode gtp",
    "deadstones": ds,
    "deadstones_options": {"finished": True, "iterations": 100},
    "cpus": os.cpu_count(),
    "loadavg_at_end": os.getloadavg(),
}, open(out, "w"), indent=2)
PY
python3 "$here/summarize.py" "$out/positions.jsonl" --json "$out/summary.json" --meta "$out/meta.json" "${tools[@]}"
echo "summary: $out/summary.json" >&2
