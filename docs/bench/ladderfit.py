#!/usr/bin/env python3
"""Fits each level's rating on Stockfish's UCI_Elo scale from the arena's summary lines.

Reads the ladder logs (=== level L vs sfE / games N: a W wins, D draws, L losses), and for each
level finds the rating R that maximises the likelihood of its results against every anchor E it
met, each game scoring 1, 1/2 or 0 with expected score 1/(1+10^((E-R)/400)); the 95% margin is
1.96 standard errors from the curvature of the log-likelihood (the observed information)."""
import math, re, sys
from collections import defaultdict

res = defaultdict(list)  # level -> [(elo, wins, draws, losses)]
for path in sys.argv[1:]:
    level = elo = None
    for line in open(path):
        m = re.match(r"=== level (\d+) vs sf(\d+)", line)
        if m:
            level, elo = int(m[1]), int(m[2])
        m = re.match(r"games \d+: a (\d+) wins, (\d+) draws, (\d+) losses", line)
        if m and level is not None:
            res[level].append((elo, int(m[1]), int(m[2]), int(m[3])))

def loglik(r, games):
    s = 0.0
    for e, w, d, l in games:
        p = 1 / (1 + 10 ** ((e - r) / 400))
        p = min(max(p, 1e-9), 1 - 1e-9)
        s += (w + d / 2) * math.log(p) + (l + d / 2) * math.log(1 - p)
    return s

for level in sorted(res):
    games = res[level]
    best = max(range(0, 4000), key=lambda r: loglik(r, games))
    h = 1.0
    curv = (loglik(best + h, games) - 2 * loglik(best, games) + loglik(best - h, games)) / h ** 2
    margin = 1.96 / math.sqrt(-curv) if curv < 0 else float("inf")
    detail = "; ".join(f"vs {e}: +{w} ={d} -{l}" for e, w, d, l in games)
    print(f"level {level}: {best} ± {margin:.0f}   ({detail})")
