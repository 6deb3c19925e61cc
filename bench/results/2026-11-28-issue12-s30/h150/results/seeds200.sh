#!/bin/bash
# helper-143's 200 seeds, each alone, non-race, at the in-flight re-base fix
cd /tmp/s30/h150/repo/syncer
R=/tmp/s30/h150/results
for m in 1 stack; do
for s in $(cat /tmp/s30/h147/results/seeds200.txt); do
  out=$(SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEED=$s /tmp/s30/h150/syncer-fix2.test -test.run 'TestSimulation/jumps$' -test.count=1 2>&1)
  rc=$?
  echo "$s rc=$rc $(echo "$out" | grep -m1 -A1 'failed:' | sed 's/^ *//' | tr '\n' ' ' | cut -c1-200)"
done > $R/seeds200-jumps$m.txt
done
