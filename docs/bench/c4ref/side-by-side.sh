#!/bin/bash
# side-by-side.sh ROUNDS: Pascal Pons' solver ($REF, built from
# docs/bench/c4ref/driver.cpp) and movesvc's (BenchmarkTestSets) on the
# public test sets, set by set, alternating which goes first each round;
# run from the repository root on an otherwise idle machine. Positions per
# set: all 1,000, but the first 100 of Test_L1_R2 and the first 8 of
# Test_L1_R3 (a round takes about 90 s). Test_L3_R1, whose 1,000
# positions take 3 to 6 ms in all, is solved in 10 passes by both (the
# driver reads the set 10 times; the benchmark, -solver-passes 10, solves
# it 10 times in its one iteration), so that one cold start does not
# decide its round; the figures are means over every position solved. Output: one "ref" line (the driver's
# summary) and one "ours" line (the benchmark's) per set and round.
set -eu
rounds=${1:-3}
REF=${REF:?set REF to the driver binary}
td=engine/connect4/testdata
bin=$(mktemp -d)/c4.test
go test -c -o "$bin" ./engine/connect4
declare -A N=([Test_L3_R1]=1000 [Test_L2_R1]=1000 [Test_L2_R2]=1000 [Test_L1_R1]=1000 [Test_L1_R2]=100 [Test_L1_R3]=8)
declare -A PASSES=([Test_L3_R1]=10)
passes() { echo "${PASSES[$1]:-1}"; }
ref() {
  local k; k=$(passes "$1")
  echo "ref $1 $(for _ in $(seq "$k"); do head -n "${N[$1]}" "$td/$1"; done | "$REF" 0 | tail -1)"
}
ours() { (cd engine/connect4 && "$bin" -test.run '^$' -test.bench "BenchmarkTestSets/$1\$" -test.benchtime 1x -solver-passes "$(passes "$1")" -solver-positions "${N[$1]}") | grep '^Bench' | sed "s/^/ours $1 /"; }
echo "# $(date -u +%FT%TZ) $(nproc) cores; ours: $(git rev-parse --short HEAD)"
for r in $(seq "$rounds"); do
  for s in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
    if (( r % 2 )); then ref "$s"; ours "$s"; else ours "$s"; ref "$s"; fi
  done
done
