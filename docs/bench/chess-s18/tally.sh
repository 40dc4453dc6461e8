#!/bin/sh
# tally.sh FILE...: wins / draws / losses of "new" from the arena's "game N:" lines, and Elo with its 95% margin
awk '/^game [0-9]+:/ {
  w=$3; r=$6; n++
  if (r=="1/2-1/2") d++
  else if ((r=="1-0" && w=="new") || (r=="0-1" && w!="new")) win++
  else loss++
} END {
  s=(win+d/2)/n; v=(win*(1-s)^2+d*(0.5-s)^2+loss*s^2)/n; m=1.96*sqrt(v/n)
  lo=s-m; hi=s+m
  printf "%d games  %d / %d / %d  %.1f%%  %+.0f (%+.0f..%+.0f)\n", n, win, d, loss, 100*s, -400*log(1/s-1)/log(10), -400*log(1/lo-1)/log(10), -400*log(1/hi-1)/log(10)
}' "$@"
