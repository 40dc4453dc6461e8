#!/usr/bin/env python3
"""Fits each level's rating on Stockfish's UCI_Elo scale from the arena's summary lines.

Reads the ladder logs: "=== level L vs sfE" (a level against Stockfish at UCI_Elo E) and
"=== level A vs level B" (two levels against each other), each followed by the arena's
"games N: a W wins, D draws, L losses" (W and L for the first named). Every game scores 1, 1/2
or 0 with expected score 1/(1+10^((Rb-Ra)/400)). Without level-against-level games each level
is fitted alone: the rating R that maximises the likelihood of its results against the anchors
it met, the 95% margin 1.96 standard errors from the curvature of the log-likelihood (the
observed information). With them, every level's rating is fitted at once (the anchors fixed),
by Newton's method on the joint log-likelihood, and each margin comes from the inverse of the
observed information matrix, so that a level that met only other levels is placed through them."""
import math, re, sys
from collections import defaultdict

anchor = defaultdict(list)  # level -> [(elo, wins, draws, losses)]
pairs = []  # (level a, level b, wins of a, draws, losses of a)
for path in sys.argv[1:]:
    cur = None
    for line in open(path):
        m = re.match(r"=== level (\d+) vs sf(\d+)", line)
        if m:
            cur = ("sf", int(m[1]), int(m[2]))
        m = re.match(r"=== level (\d+) vs level (\d+)", line)
        if m:
            cur = ("level", int(m[1]), int(m[2]))
        m = re.match(r"games \d+: a (\d+) wins, (\d+) draws, (\d+) losses", line)
        if m and cur is not None:
            w, d, l = int(m[1]), int(m[2]), int(m[3])
            if cur[0] == "sf":
                anchor[cur[1]].append((cur[2], w, d, l))
            else:
                pairs.append((cur[1], cur[2], w, d, l))
            cur = None


def expected(ra, rb):
    p = 1 / (1 + 10 ** ((rb - ra) / 400))
    return min(max(p, 1e-9), 1 - 1e-9)


def loglik(r, games):
    s = 0.0
    for e, w, d, l in games:
        p = expected(r, e)
        s += (w + d / 2) * math.log(p) + (l + d / 2) * math.log(1 - p)
    return s


def detail(level):
    parts = [f"vs {e}: +{w} ={d} -{l}" for e, w, d, l in anchor[level]]
    for a, b, w, d, l in pairs:
        if a == level:
            parts.append(f"vs level {b}: +{w} ={d} -{l}")
        elif b == level:
            parts.append(f"vs level {a}: +{l} ={d} -{w}")
    return "; ".join(parts)


if not pairs:
    for level in sorted(anchor):
        games = anchor[level]
        best = max(range(0, 4000), key=lambda r: loglik(r, games))
        h = 1.0
        curv = (loglik(best + h, games) - 2 * loglik(best, games) + loglik(best - h, games)) / h ** 2
        margin = 1.96 / math.sqrt(-curv) if curv < 0 else float("inf")
        print(f"level {level}: {best} ± {margin:.0f}   ({detail(level)})")
    sys.exit(0)

# Joint fit. The gradient and the Hessian of the log-likelihood in the ratings, in Elo units:
# a result s (1, 1/2, 0) of A against B with expected p contributes c(s - p) to dL/dRa and
# -c(s - p) to dL/dRb, and -c^2 p(1-p) to the Hessian's (a,a), (b,b) and +c^2 p(1-p) to (a,b),
# c = ln(10)/400.
levels = sorted(set(anchor) | {a for a, *_ in pairs} | {b for _, b, *_ in pairs})
idx = {lv: i for i, lv in enumerate(levels)}
n = len(levels)
c = math.log(10) / 400
r = [1500.0] * n


def grad_hess(r):
    g = [0.0] * n
    h = [[0.0] * n for _ in range(n)]
    for lv, games in anchor.items():
        i = idx[lv]
        for e, w, d, l in games:
            p = expected(r[i], e)
            g[i] += c * ((w + d / 2) - (w + d + l) * p)
            h[i][i] -= c * c * (w + d + l) * p * (1 - p)
    for a, b, w, d, l in pairs:
        i, j = idx[a], idx[b]
        p = expected(r[i], r[j])
        k = w + d + l
        s = c * ((w + d / 2) - k * p)
        g[i] += s
        g[j] -= s
        q = c * c * k * p * (1 - p)
        h[i][i] -= q
        h[j][j] -= q
        h[i][j] += q
        h[j][i] += q
    return g, h


def solve(a, b):
    """Solves a x = b by Gaussian elimination with partial pivoting."""
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda k: abs(m[k][col]))
        m[col], m[piv] = m[piv], m[col]
        for k in range(n):
            if k != col:
                f = m[k][col] / m[col][col]
                for j in range(col, n + 1):
                    m[k][j] -= f * m[col][j]
    return [m[i][n] / m[i][i] for i in range(n)]


for _ in range(100):
    g, h = grad_hess(r)
    step = solve(h, g)
    step = [max(-200.0, min(200.0, s)) for s in step]
    r = [ri - si for ri, si in zip(r, step)]
    if max(abs(s) for s in step) < 1e-6:
        break
g, h = grad_hess(r)
cov_cols = [solve(h, [1.0 if k == i else 0.0 for k in range(n)]) for i in range(n)]
for lv in levels:
    i = idx[lv]
    var = -cov_cols[i][i]
    margin = 1.96 * math.sqrt(var) if var > 0 else float("inf")
    print(f"level {lv}: {round(r[i])} ± {margin:.0f}   ({detail(lv)})")
