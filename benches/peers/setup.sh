#!/usr/bin/env bash
# Installs what benches/peers/compare.sh measures beside echelle, idempotently; a peer that
# cannot be installed is reported and left out (compare.sh then prints n/a for it).
#
#   benches/peers/setup.sh [--no-katago] [--deadstones]
#
# - GNU Go: Debian package `gnugo` (/usr/games/gnugo).
# - KataGo: the Linux KataGo and network that the PyPI package katrain ships, installed into
#   target/peers-venv (pip, --no-deps: only its files are used), the AppImage extracted into
#   target/katago (no FUSE needed), run on the CPU through OpenCL: Debian `pocl-opencl-icd`.
#   One start of KataGo compiles its OpenCL kernels into pocl's cache (a minute or more).
# - @sabaki/deadstones (with --deadstones, for kgs_deadstones.sh): npm, into node_modules.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
katago=1 deadstones=0
for a in "$@"; do
    case "$a" in
        --no-katago) katago=0 ;;
        --deadstones) deadstones=1 ;;
        *) echo "setup.sh: unknown option $a" >&2; exit 2 ;;
    esac
done

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
apt_updated=0
apt_install() { # Debian packages, when missing
    local missing=()
    for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 || { echo "setup.sh: no apt-get to install ${missing[*]}" >&2; return 1; }
    if [ $apt_updated -eq 0 ]; then $sudo apt-get update -qq && apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

apt_install gnugo || echo "setup.sh: GNU Go could not be installed" >&2
gnugo="$(command -v gnugo || echo /usr/games/gnugo)"
[ -x "$gnugo" ] && echo "peers: GNU Go $("$gnugo" --version | head -1 | awk '{print $3}') at $gnugo"

KATRAIN_VERSION=1.20.0
venv="$root/target/peers-venv"
kdir="$root/target/katago"
if [ $katago -eq 1 ]; then
    ok=1
    apt_install pocl-opencl-icd || { echo "setup.sh: pocl-opencl-icd could not be installed" >&2; ok=0; }
    if [ $ok -eq 1 ] && { [ ! -x "$kdir/squashfs-root/AppRun" ] || ! ls "$kdir"/*.bin.gz >/dev/null 2>&1; }; then
        if [ ! -d "$venv/lib" ]; then
            python3 -m venv "$venv" || ok=0
        fi
        if [ $ok -eq 1 ] && ! "$venv/bin/pip" show katrain 2>/dev/null | grep -q "^Version: $KATRAIN_VERSION"; then
            "$venv/bin/pip" install -q --no-deps "katrain==$KATRAIN_VERSION" || { echo "setup.sh: pip install katrain failed" >&2; ok=0; }
        fi
        if [ $ok -eq 1 ]; then
            pkg="$("$venv/bin/python" -c 'import os, katrain; print(os.path.dirname(katrain.__file__))')"
            mkdir -p "$kdir" && rm -rf "$kdir/squashfs-root"
            # An AppImage extracts itself: no FUSE needed.
            (cd "$kdir" && "$pkg/KataGo/katago" --appimage-extract >/dev/null) || { echo "setup.sh: the KataGo AppImage did not extract" >&2; ok=0; }
            cp "$pkg"/models/*.bin.gz "$kdir/" 2>/dev/null || { echo "setup.sh: katrain ships no network" >&2; ok=0; }
        fi
    fi
    if [ $ok -eq 1 ] && [ ! -e "$kdir/warm" ]; then
        model="$(ls "$kdir"/*.bin.gz | head -1)"
        echo "peers: first start of KataGo (compiles its OpenCL kernels into pocl's cache)" >&2
        answer="$(printf 'name\nquit\n' | timeout 900 "$kdir/squashfs-root/AppRun" gtp -model "$model" \
            -config "$here/katago.cfg" \
            -override-config "logDir=$kdir/logs,openclTunerFile=$here/katago-tune.txt" 2>"$kdir/warm.log")"
        if [[ "$answer" == *"= KataGo"* ]]; then
            touch "$kdir/warm"
        else
            echo "setup.sh: KataGo did not start; its stderr is in $kdir/warm.log:" >&2
            tail -5 "$kdir/warm.log" >&2
            ok=0
        fi
    fi
    [ $ok -eq 1 ] && echo "peers: $("$kdir/squashfs-root/AppRun" version 2>/dev/null | head -1) at $kdir/squashfs-root/AppRun, network $(basename "$(ls "$kdir"/*.bin.gz | head -1)")"
fi

if [ $deadstones -eq 1 ]; then
    if command -v npm >/dev/null 2>&1; then
        [ -d "$here/node_modules/@sabaki/deadstones" ] || (cd "$here" && npm install --no-audit --no-fund --silent)
        echo "peers: @sabaki/deadstones $(node -p "require('$here/node_modules/@sabaki/deadstones/package.json').version")"
    else
        echo "setup.sh: npm is missing (apt-get install nodejs npm): no @sabaki/deadstones" >&2
    fi
fi
exit 0
