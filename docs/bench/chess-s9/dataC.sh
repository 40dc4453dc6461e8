#!/usr/bin/env bash
# Sets 1 and 2 of the earlier fits, remade by the chesstune of the commits that made them.
set -euo pipefail
# WORK holds chesstune and chessarena built at de34956 (the engine before fit 3:
# -gen plays with its weights, and -fit starts from them) and chesstune-3ee6110,
# chesstune-54e168a built at those commits (GOAMD64=v2, which changes no result).
cd "${WORK:-/tmp/fit3}"
./chesstune-3ee6110 -gen 18463 -gen-nodes 150 -seed 1 -o set1.txt
./chesstune-54e168a -gen 20000 -gen-nodes 150 -seed 2 -o set2.txt
./chesstune -label -in set1.txt -nodes 8000 -o set1.lab
./chesstune -label -in set2.txt -nodes 8000 -o set2.lab
echo laneC done
