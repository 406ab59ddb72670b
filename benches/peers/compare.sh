#!/usr/bin/env bash
# The peers table for dead stones: echelle's estimate, the estimate with GNU Go as oracle,
# GNU Go alone and KataGo, on the same positions (every dev set with TB/TW markup, each half),
# measured by `echelle accuracy --json` against the players' markup. Prints a markdown table.
#
#   bash benches/peers/compare.sh [--sets kgs,gnugo,fuego,pachi] [--halves first,second]
#        [--tools estimate,oracle,gnugo,katago-net] [--quick] [--katago-search] [--pin]
#        [--no-setup] [--out DIR]
#
# --quick: the two small sets only (fuego, pachi: 15 positions, about a minute).
# --katago-search: also KataGo's own `final_status_list` (a search of at least 100 visits:
#   minutes a position on a CPU, past echelle's 60 s GTP deadline here).
# --pin: run each measurement on one core (taskset -c 0), engines included.
# Results: DIR (default target/peers-out) holds SET.HALF.TOOL.json, .log and, for a tool
# that could not run, .na with the reason. A tool missing is n/a, never an error.
# The estimate's time per position is its fastest of three runs (`accuracy --timing-runs`);
# an engine, alone or as the oracle, is timed on its one run.
# Runs one measurement at a time (the machine's cores are shared); GNU Go alone takes about
# 1 s a 19x19 position, KataGo's net 2-3 s, so the whole table takes 20-30 minutes.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
corpus="$root/../shared/corpus"
sets="kgs,gnugo,fuego,pachi" halves="first,second" tools="estimate,oracle,gnugo,katago-net"
setup=1 pin=() out="$root/target/peers-out"
while [ $# -gt 0 ]; do
    case "$1" in
        --sets) sets="$2"; shift ;;
        --halves) halves="$2"; shift ;;
        --tools) tools="$2"; shift ;;
        --quick) sets="fuego,pachi" ;;
        --katago-search) tools="$tools,katago" ;;
        --pin) pin=(taskset -c 0) ;;
        --no-setup) setup=0 ;;
        --out) out="$2"; shift ;;
        *) echo "compare.sh: unknown option $1 (see the head of $0)" >&2; exit 2 ;;
    esac
    shift
done
set_dir() {
    case "$1" in
        kgs) echo "$corpus/kgs-6d-godmoves/kgs-19-2017-01-new" ;;
        gnugo) echo "$corpus/gnugo-regression" ;;
        fuego) echo "$corpus/fuego-regression" ;;
        pachi) echo "$corpus/pachi-tests" ;;
        *) echo "compare.sh: unknown set $1 (kgs, gnugo, fuego, pachi)" >&2; exit 2 ;;
    esac
}
[ -d "$corpus" ] || { echo "compare.sh: no corpus at $corpus" >&2; exit 1; }
if [ ${#pin[@]} -gt 0 ] && ! command -v taskset >/dev/null; then
    echo "compare.sh: --pin needs taskset (util-linux)" >&2; exit 2
fi
mkdir -p "$out"
rm -f "$out"/*.json "$out"/*.na "$out"/*.log

if [ $setup -eq 1 ]; then
    katago_opt=()
    [[ ",$tools," == *",katago"* ]] || katago_opt=(--no-katago)
    bash "$here/setup.sh" "${katago_opt[@]}" >&2
fi
(cd "$root" && cargo build --release --quiet)
echelle="$root/target/release/echelle"

# Each tool's engine option for `echelle accuracy`, or a reason it cannot run.
katago_logs="$out/katago-logs"
# shellcheck source=engines.sh
. "$here/engines.sh"
engine_of() {
    case "$1" in
        estimate) echo "" ;;
        oracle) echo "--oracle=gtp:$gnugo --mode gtp" ;;
        gnugo) echo "--engine=gtp:$gnugo --mode gtp" ;;
        katago-net) echo "--engine=gtp:python3 $here/katago_rawnn.py $katago_cmd" ;;
        katago) echo "--engine=gtp:$katago_cmd" ;;
        *) echo "compare.sh: unknown tool $1" >&2; exit 2 ;;
    esac
}
missing_of() {
    case "$1" in
        oracle | gnugo) [ -x "$gnugo" ] || echo "GNU Go is not installed (benches/peers/setup.sh installs it)" ;;
        katago-net | katago)
            if [ ! -x "$katago" ] || [ -z "$model" ]; then
                echo "KataGo is not installed (benches/peers/setup.sh; see target/katago/warm.log)"
            elif [ ! -e "$kdir/warm" ]; then
                echo "KataGo did not start at setup (target/katago/warm.log)"
            fi ;;
    esac
}

IFS=, read -ra set_list <<<"$sets"
IFS=, read -ra half_list <<<"$halves"
IFS=, read -ra tool_list <<<"$tools"
for t in "${tool_list[@]}"; do
    why="$(missing_of "$t")"
    [ -n "$why" ] && echo "compare.sh: $t: n/a: $why" >&2
done
for s in "${set_list[@]}"; do
    dir="$(set_dir "$s")"
    for h in "${half_list[@]}"; do
        for t in "${tool_list[@]}"; do
            name="$out/$s.$h.$t"
            why="$(missing_of "$t")"
            if [ -n "$why" ]; then echo "$why" >"$name.na"; continue; fi
            engine="$(engine_of "$t")"
            args=(accuracy "$dir" --half "$h" --json)
            [ -n "$engine" ] && args+=("$engine")
            echo "compare.sh: $s $h $t (load $(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo ?))" >&2
            if "${pin[@]}" "$echelle" "${args[@]}" >"$name.json" 2>"$name.log"; then
                # Every position failed: the engine never answered (KataGo's search past
                # the deadline, say): n/a rather than a column of zeros.
                if python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit(0 if r["games"] and r["engine_failed"] == r["games"] and r["method"] == "gtp" else 1)' "$name.json"; then
                    echo "the engine failed on every position (see $name.log and the engine's logs)" >"$name.na"
                    mv "$name.json" "$name.failed.json"
                fi
            else
                echo "echelle accuracy failed: $(tail -1 "$name.log")" >"$name.na"
                rm -f "$name.json"
            fi
        done
    done
done

load="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo "Peers on the dev sets, $(date -u +%Y-%m-%d), $(nproc) cores, load average at the end $load$([ ${#pin[@]} -gt 0 ] && echo ', each run on one core (--pin)'):"
echo
python3 "$here/table.py" "$out" "$sets" "$halves" "$tools"
