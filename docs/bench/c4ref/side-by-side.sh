#!/bin/bash
# side-by-side.sh ROUNDS: Pascal Pons' solver ($REF, built from
# docs/bench/c4ref/driver.cpp) and movesvc's (BenchmarkTestSets) on the
# public test sets, set by set, alternating which goes first each round;
# run from the repository root on an otherwise idle machine. Positions per
# set: all 1,000, but the first 100 of Test_L1_R2 and the first 8 of
# Test_L1_R3 (a round takes about 90 s). Output: one "ref" line (the
# driver's summary) and one "ours" line (the benchmark's) per set and round.
set -eu
rounds=${1:-3}
REF=${REF:?set REF to the driver binary}
td=engine/connect4/testdata
bin=$(mktemp -d)/c4.test
go test -c -o "$bin" ./engine/connect4
declare -A N=([Test_L3_R1]=1000 [Test_L2_R1]=1000 [Test_L2_R2]=1000 [Test_L1_R1]=1000 [Test_L1_R2]=100 [Test_L1_R3]=8)
ref() { echo "ref $1 $("$REF" "${N[$1]}" < "$td/$1" | tail -1)"; }
ours() { (cd engine/connect4 && "$bin" -test.run '^$' -test.bench "BenchmarkTestSets/$1\$" -test.benchtime 1x -solver-positions "${N[$1]}") | grep '^Bench' | sed "s/^/ours $1 /"; }
echo "# $(date -u +%FT%TZ) $(nproc) cores; ours: $(git rev-parse --short HEAD)"
for r in $(seq "$rounds"); do
  for s in Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3; do
    if (( r % 2 )); then ref "$s"; ours "$s"; else ours "$s"; ref "$s"; fi
  done
done
