#!/usr/bin/env bash
# prep: the FENs the device labels: self-play (gen21, gen22: whole lines only) and the quiet
# positions of earlier match games, less duplicates (by the first four FEN fields) and less
# fit 3's positions, shuffled with a fixed seed.
set -euo pipefail
cd /tmp/s13   # chesstune built at 196760d; gen21.txt, gen22.txt from -gen 130000 -gen-nodes 150 -seed 21 / 22, stopped
B=/work/main/docs/bench
cat $B/chess-1s-sf2400.pgn $B/chess-s*/match-1s-sf2400.pgn > pg_sf.pgn
zcat $B/chess-s12/wdl-games.pgn.gz $B/chess-s9/wdl-games.pgn.gz > pg_self.pgn
./chesstune -pgn-positions -in pg_sf.pgn -o pg_sf.txt
./chesstune -pgn-positions -in pg_self.pgn -o pg_self.txt
for s in 21 22; do head -n "$(($(wc -l < gen$s.txt)))" gen$s.txt | awk 'NF==6' > gen$s.whole.txt; done
cut -d';' -f1 /tmp/fit3/all.lab | awk '{print $1" "$2" "$3" "$4}' > seen.keys
cat gen21.whole.txt gen22.whole.txt pg_sf.txt pg_self.txt |
  awk 'NR==FNR{seen[$0]=1; next} {k=$1" "$2" "$3" "$4; if(!(k in seen)){seen[k]=1; print}}' seen.keys - > cand.txt
shuf --random-source=<(yes 13) cand.txt > cand.shuf.txt
wc -l gen21.whole.txt gen22.whole.txt pg_sf.txt pg_self.txt cand.txt
gzip -9 -c cand.shuf.txt > /work/main/.dev/fens.txt.gz
md5sum cand.shuf.txt; ls -la /work/main/.dev/fens.txt.gz
