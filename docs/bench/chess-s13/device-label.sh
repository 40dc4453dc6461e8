#!/usr/bin/env bash
# Fit 5's labels on a 16-core machine: 13 lanes label the carried FENs
# (fens.txt.gz) with Stockfish 15.1 at 8,000 nodes, 500 positions a chunk;
# 3 lanes play Stockfish against itself from open400.txt for GAMES_S seconds,
# then label those games' quiet positions. No chunk starts after END_S.
# Usage: run.sh OUTDIR [END_S] [GAMES_S] [LABEL_LANES]
set -uo pipefail
OUT=${1:?outdir}
END_S=${2:-480}
GAMES_S=${3:-200}
LANES=${4:-13}
S=$(cd "$(dirname "$0")" && pwd)
W=/tmp/fit5work
D=$W/tools
rm -rf "$W"; mkdir -p "$W"/chunks "$W"/labs "$D"
xz -dc "$S/tools.tar.xz" | tar -xf - -C "$D" 2>/dev/null ||
  python3 -c "import lzma,tarfile; tarfile.open(fileobj=lzma.open('$S/tools.tar.xz')).extractall('$D')"
T0=$(date +%s); END=$((T0 + END_S))
log() { echo "$(( $(date +%s) - T0 ))s $*" | tee -a "$OUT/run.log"; }
log "start $(nproc) cpus; $(grep -m1 'model name' /proc/cpuinfo)"
if [ ! -x "$W/stockfish" ]; then
  xz -dc "$S/sf.xz" > "$W/stockfish" 2>/dev/null ||
    python3 -c "import lzma,sys; sys.stdout.buffer.write(lzma.open('$S/sf.xz').read())" > "$W/stockfish"
  chmod +x "$W/stockfish"
fi
cat > "$W/sf.sh" <<EOF
#!/bin/sh
exec "$D/lib/ld-linux-x86-64.so.2" --library-path "$D/lib" "$W/stockfish" "\$@"
EOF
chmod +x "$W/sf.sh"
echo -e "uci\nisready\nquit" | "$W/sf.sh" | grep -m1 '^id name' | tee -a "$OUT/run.log"
log "stockfish ready"

# label CHUNK: label one chunk unless the deadline has passed; whole files only.
label() {
  local c=$1 base
  base=$(basename "$c" .txt)
  [ "$(date +%s)" -lt "$END" ] || return 0
  "$D/chesstune" -label -stockfish "$W/sf.sh" -in "$c" -nodes 8000 -o "$W/labs/$base.tmp" 2>/dev/null &&
    mv "$W/labs/$base.tmp" "$W/labs/$base.lab"
}
export -f label; export D W END

# genlabel SEED: once the carried chunks are done, self-play 400 more
# positions (seed SEED) and label them, unless the deadline has passed.
genlabel() {
  local s=$1
  [ "$(date +%s)" -lt "$((END - 20))" ] || return 0
  "$D/chesstune" -gen 400 -gen-nodes 150 -seed "$s" -o "$W/chunks/g_$s.txt" 2>/dev/null && label "$W/chunks/g_$s.txt"
}
export -f genlabel

# SF games: three lanes, each its own node pair and part of open400.
games() {
  local i=$1 a=$2 b=$3 from=$4
  timeout "$GAMES_S" "$D/chessarena" -a "brain=$W/sf.sh,nodes=$a,Threads=1,Hash=16,name=sf$a" \
    -b "brain=$W/sf.sh,nodes=$b,Threads=1,Hash=16,name=sf$b" -openings "$S/open400.txt" -from "$from" \
    -games 800 -concurrency 1 -pgn "$W/sf$i.pgn" > "$W/sf$i.arena.txt" 2>&1
  # the last game may be cut off by the timeout: keep whole games only
  awk 'BEGIN{RS="";ORS="\n\n"} {buf[NR]=$0} END{for(i=1;i<=NR;i++){ if(i%2==0) print buf[i-1] "\n\n" buf[i] }}' "$W/sf$i.pgn" > "$W/sf$i.whole.pgn"
  "$D/chesstune" -pgn-positions -in "$W/sf$i.whole.pgn" -o "$W/sf$i.txt" 2>>"$W/sf$i.arena.txt"
  split -d -a 4 -l 500 --additional-suffix=.txt "$W/sf$i.txt" "$W/chunks/s${i}_"
  ls "$W"/chunks/s"${i}"_*.txt | while read -r c; do label "$c"; done
}
export -f games; export GAMES_S

zcat "$S/fens.txt.gz" | split -d -a 4 -l 500 --additional-suffix=.txt - "$W/chunks/f_"
log "$(ls "$W"/chunks/f_*.txt | wc -l) chunks of carried FENs"
games 1 1000 3000 0 &
games 2 1500 2500 100 &
games 3 2000 4000 200 &
ls "$W"/chunks/f_*.txt | xargs -P "$LANES" -n 1 bash -c 'label "$0"'
log "carried chunks done or deadline"
seq 1001 1999 | xargs -P "$LANES" -n 1 bash -c 'genlabel "$0"'
log "self-play lanes done"
wait
log "all lanes done"
for i in 1 2 3; do tail -12 "$W/sf$i.arena.txt" > "$OUT/sf$i.arena.txt"; done
cat "$W"/sf1.whole.pgn "$W"/sf2.whole.pgn "$W"/sf3.whole.pgn | gzip -9 > "$OUT/sfgames.pgn.gz"
( cd "$W/labs" && ls *.lab | sort | tee "$OUT/chunks.list" | xargs cat ) | gzip -9 > "$OUT/labels.lab.gz"
log "labelled $(zcat "$OUT/labels.lab.gz" | wc -l) positions in $(wc -l < "$OUT/chunks.list") chunks; carried chunks left: $(( $(ls "$W"/chunks/f_*.txt | wc -l) - $(ls "$W"/labs/f_*.lab 2>/dev/null | wc -l) ))"
