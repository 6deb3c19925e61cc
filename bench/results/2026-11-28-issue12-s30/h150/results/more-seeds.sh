#!/bin/bash
# 30 more random seeds per mode at 014ab50 (non-race); failures rerun at a42de9c
cd /tmp/s30/h150/repo/syncer
R=/tmp/s30/h150/results
for m in 1 stack; do
  SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEEDS=30 /tmp/s30/h150/syncer-fix2.test -test.count=1 -test.v -test.run 'TestSimulation/jumps$' > $R/more30-$m.txt 2>&1; echo "exit $?" >> $R/more30-$m.txt
  for s in $(grep -oE -- "--- FAIL: TestSimulation/jumps/[0-9]+" $R/more30-$m.txt | grep -oE "[0-9]+$"); do
    out=$(SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEED=$s /tmp/s30/h150/syncer-head.test -test.run 'TestSimulation/jumps$' -test.count=1 2>&1 | tail -1)
    echo "$m $s at a42de9c: $out" >> $R/more30-failures-at-head.txt
  done
done
