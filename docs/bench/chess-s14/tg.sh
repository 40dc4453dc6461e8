#!/bin/bash
# tg.sh NODES: the WAC misses with each pruning switched off in turn
N=${1:-1000000}
for t in BASE NO_RFP NO_RAZOR NO_NULL NO_LMP NO_FUT NO_SEEQ NO_SEEN NO_LMR; do
  sw=; [ $t != BASE ] && sw=$t=1
  r=$(env $sw ./chessarena -epd misses.epd -a "brain=./uci-tg,nodes=$N,Threads=1,Hash=16" -concurrency 2 | head -2 | tr '\n' ' ')
  echo "$t: $r"
done
