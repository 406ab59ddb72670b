#!/usr/bin/env bash
# Installs the peers measured beside echelle, idempotently: GNU Go (Debian package) and
# @sabaki/deadstones (npm, into benches/peers/node_modules, which git ignores).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if ! command -v gnugo >/dev/null 2>&1 && [ ! -x /usr/games/gnugo ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq gnugo
fi

command -v node >/dev/null 2>&1 || { echo "setup.sh: node is required (apt-get install nodejs npm)" >&2; exit 1; }
if [ ! -d "$here/node_modules/@sabaki/deadstones" ]; then
    (cd "$here" && npm install --no-audit --no-fund --silent)
fi
echo "peers ready: $( (command -v gnugo || echo /usr/games/gnugo) ), @sabaki/deadstones $(node -p "require('$here/node_modules/@sabaki/deadstones/package.json').version")"
