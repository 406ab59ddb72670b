#!/usr/bin/env bash
# Peak memory of `echelle analyze` on 100,000 and 1,000,000 generated games, at 1 and 2
# threads (GNU time's "Maximum resident set size"). Usage: bash benches/memory.sh [DEAD_STONES]
# (default `none`: random games make the dead-stone estimate the whole cost; memory is
# what this measures). The games are written once under target/bench-games (~600 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
dead=${1:-none}
cargo build --release -q
for n in 100000 1000000; do
    dir=target/bench-games/$n
    [ -d "$dir" ] || python3 benches/gen_games.py "$n" "$dir"
    for j in 1 2; do
        /usr/bin/time -v target/release/echelle analyze "$dir" --dead-stones "$dead" -j "$j" \
            -q -o /dev/null 2> target/bench-games/time.txt
        rss=$(grep 'Maximum resident' target/bench-games/time.txt | awk '{print $NF}')
        wall=$(grep 'Elapsed' target/bench-games/time.txt | awk '{print $NF}')
        echo "$n games, -j $j: peak RSS $((rss / 1024)) MB, $wall"
    done
done
