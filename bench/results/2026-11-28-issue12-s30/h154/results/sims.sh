#!/bin/bash
# h154: sims at 0272dc8 (HEAD 841a19f + the fix)
cd /tmp/s30/h154/repo/syncer
R=/tmp/s30/h154/results
for m in 1 stack; do
date -u > $R/sim-jumps$m.txt; SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEEDS=20 /tmp/s30/h154/syncer-new-race.test -test.count=1 -test.v -test.run 'TestSimulation/jumps$' >> $R/sim-jumps$m.txt 2>&1; echo "exit $?" >> $R/sim-jumps$m.txt; date -u >> $R/sim-jumps$m.txt
done
for m in 1 stack; do
for s in $(cat /tmp/s29/h143/results/seeds200.txt); do
  out=$(SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEED=$s /tmp/s30/h154/syncer-new.test -test.run 'TestSimulation/jumps$' -test.count=1 2>&1)
  rc=$?
  echo "$s rc=$rc $(echo "$out" | grep -m1 -A1 'failed:' | sed 's/^ *//' | tr '\n' ' ' | cut -c1-200)"
done > $R/seeds200-jumps$m.txt
done
date -u > $R/sim-default20.txt; SYNCER_SIM_SEEDS=20 /tmp/s30/h154/syncer-new-race.test -test.count=1 -test.v -test.run 'TestSimulation' >> $R/sim-default20.txt 2>&1; echo "exit $?" >> $R/sim-default20.txt; date -u >> $R/sim-default20.txt
