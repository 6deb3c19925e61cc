#!/usr/bin/env bash
# After batch1: the probe with one-frame holds (probe2 binary).
cd /tmp/s31/h162/probe/syncer
R=/tmp/s31/h162/results; B=/tmp/s31/h162/probe2-syncer.test
while [ ! -f $R/batch1.done ]; do sleep 5; done
export SYNCER_SIM_PROBE_ONEFRAME=1
for m in 1 stack; do
  (time SYNCER_SIM_PROBE=1 SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEEDS=200 $B -test.run 'TestSimulation/jumps$' -test.count=1 -test.v) > $R/sim-probe1f-jumps$m-seeds200.txt 2>&1
  SYNCER_SIM_NOEXCUSE=1 $R/runseeds.sh $B 1 $m $R/seeds200.txt > $R/noexcuse-probe1f-h143seeds-jumps$m.txt 2>&1
  SYNCER_SIM_NOEXCUSE=1 $R/runseeds.sh $B "" $m $R/seeds200.txt > $R/noexcuse-head-h143seeds-jumps$m.txt 2>&1
done
(time SYNCER_SIM_PROBE=1 SYNCER_SIM_SEEDS=20 $B -test.run 'TestSimulation' -test.count=1 -test.v) > $R/sim-probe1f-default-seeds20.txt 2>&1
for m in 1 stack; do
  (time SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_PROBE=1 SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEEDS=20 /tmp/s31/h162/probe2-race-syncer.test -test.run 'TestSimulation/jumps$' -test.count=1 -test.v) > $R/sim-probe1f-noexcuse-race-jumps$m-seeds20.txt 2>&1
done
echo done > $R/batch2.done
