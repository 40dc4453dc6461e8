#!/usr/bin/env python3
"""tally.py FILE [N]: player a's score over the first N openings (both games complete) of an arena -v log."""
import math, re, sys
from collections import OrderedDict
games = OrderedDict()
for line in open(sys.argv[1]):
    m = re.match(r'x=(a|b) o=(a|b) (a wins|b wins|draw)[^:]*: (.*?) \|', line)
    if not m:
        continue
    games.setdefault(m.group(4), []).append((m.group(1), m.group(3)))
ops = [k for k, v in games.items() if len(v) == 2]
if len(sys.argv) > 2:
    ops = ops[:int(sys.argv[2])]
w = l = d = 0
for k in ops:
    for _, r in games[k]:
        if r == 'a wins': w += 1
        elif r == 'b wins': l += 1
        else: d += 1
n = w + l + d
s = (w + d / 2) / n
sc = min(max(s, 0.5 / n), 1 - 0.5 / n)
elo = -400 * math.log10(1 / sc - 1)
sd = math.sqrt(sc * (1 - sc) / n)
hi = min(sc + 1.96 * sd, 1 - 0.5 / n)
margin = -400 * math.log10(1 / hi - 1) - elo
print(f"{sys.argv[1]}: openings {len(ops)}, games {n}: a {w}-{l}-{d}, score {s:.3f}, elo {elo:+.0f} ± {margin:.0f}")
