#!/usr/bin/env bash
# Fit 3's data: position sets from this engine's self-play (chesstune -gen)
# and Stockfish's (chessarena), labelled by Stockfish 15.1 at 8,000 nodes.
set -euo pipefail
# WORK holds chesstune and chessarena built at de34956 (the engine before fit 3:
# -gen plays with its weights, and -fit starts from them) and chesstune-3ee6110,
# chesstune-54e168a built at those commits (GOAMD64=v2, which changes no result).
cd "${WORK:-/tmp/fit3}"
SF=/usr/games/stockfish
laneA() {
  ./chesstune -gen 30000 -gen-nodes 150 -seed 3 -o set4a.txt
  ./chesstune -label -in set4a.txt -nodes 8000 -o set4a.lab
  ./chesstune -gen 20000 -gen-nodes 150 -seed 5 -o set4c.txt
  ./chesstune -label -in set4c.txt -nodes 8000 -o set4c.lab
  echo laneA done
}
laneB() {
  ./chessarena -a "brain=$SF,nodes=1500,Threads=1,Hash=16,name=sf1500" -b "brain=$SF,nodes=2500,Threads=1,Hash=16,name=sf2500" -games 300 -concurrency 1 -pgn set3.pgn > set3.arena.txt 2>&1
  ./chesstune -pgn-positions -in set3.pgn -o set3.txt
  ./chessarena -a "brain=$SF,nodes=1000,Threads=1,Hash=16,name=sf1000" -b "brain=$SF,nodes=3000,Threads=1,Hash=16,name=sf3000" -games 300 -concurrency 1 -pgn set5.pgn > set5.arena.txt 2>&1
  ./chesstune -pgn-positions -in set5.pgn -o set5.txt
  cat set3.txt set5.txt > set35.txt
  ./chesstune -label -in set35.txt -nodes 8000 -o set35.lab
  ./chesstune -gen 15000 -gen-nodes 150 -seed 4 -o set4b.txt
  ./chesstune -label -in set4b.txt -nodes 8000 -o set4b.lab
  echo laneB done
}
laneA > laneA.log 2>&1 &
laneB > laneB.log 2>&1 &
wait
echo all done
