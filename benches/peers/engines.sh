# Sourced by compare.sh and consensus.sh: where the peer engines are and how to start them.
# Expects $here (this folder), $root (the project) and $katago_logs (KataGo's log folder).
# Sets $gnugo (GNUGO overrides it), $kdir, $katago, $model (empty when KataGo is not
# installed: bash benches/peers/setup.sh) and $katago_cmd, the KataGo GTP command line.
gnugo="${GNUGO:-$(command -v gnugo || echo /usr/games/gnugo)}"
kdir="$root/target/katago"
katago="$kdir/squashfs-root/AppRun"
model="$(ls "$kdir"/*.bin.gz 2>/dev/null | head -1 || true)"
katago_cmd="$katago gtp -model $model -config $here/katago.cfg -override-config logDir=$katago_logs,openclTunerFile=$here/katago-tune.txt"
