#!/usr/bin/env bash
# merge: fit 5's positions: the device's labels (labels.lab.gz from device-label.sh) less those
# whose first four FEN fields are among fit 3's (all.lab) or repeat, after fit 3's.
set -euo pipefail
cd /tmp/s13
zcat labels.lab.gz > dev.lab
awk -F';' 'NR==FNR{split($1,a," "); seen[a[1]" "a[2]" "a[3]" "a[4]]=1; next}
  {split($1,a," "); k=a[1]" "a[2]" "a[3]" "a[4]; if(!(k in seen)){seen[k]=1; print}}' /tmp/fit3/all.lab dev.lab > new.lab
cat /tmp/fit3/all.lab new.lab > all5.lab
./chesstune -fit -in all5.lab -epochs 400 -l2 1e-9 -o w5.go > fit5.log 2>&1
