#!/usr/bin/env bash
# CLI benchmark: echelle at 1 and 2 threads against sgfmill, same files, same run.
# Usage: bash benches/compare.sh [FOLDER]   (default ../shared/corpus/yenw-ai-games)
# Installs sgfmill 1.1.1 into a private virtualenv (target/bench-venv) on first use.
set -euo pipefail
cd "$(dirname "$0")/.."
data=${1:-../shared/corpus/yenw-ai-games}
[ -d "$data" ] || { echo "no data at $data"; exit 1; }
cargo build --release --quiet
venv=target/bench-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet sgfmill==1.1.1
fi
exec "$venv/bin/python" benches/compare.py ./target/release/echelle "$data"
