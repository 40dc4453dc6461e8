#!/bin/bash
# tg.sh NODES: the WAC misses with each pruning switched off in turn
N=${1:-1000000}
for t in BASE NO_RFP NO_RAZOR NO_NULL NO_LMP NO_FUT NO_SEEQ NO_SEEN NO_LMR; do
  if [ $t = BASE ]; then r=$(./chessarena -epd misses.epd -a "brain=./uci-tg,nodes=$N,Threads=1,Hash=16" -concurrency 2 | head -2 | tr '\n' ' ')
  else r=$(env $t=1 ./chessarena -epd misses.epd -a "brain=./uci-tg,nodes=$N,Threads=1,Hash=16" -concurrency 2 | head -2 | tr '\n' ' '); fi
  echo "$t: $r"
done
