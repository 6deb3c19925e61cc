#!/usr/bin/env bash
cd /tmp/s31/h162/probe/syncer
R=/tmp/s31/h162/results
for m in 1 stack; do $R/runseeds.sh /tmp/s31/h162/probe-syncer.test 1 $m $R/seeds200.txt > $R/probe-h143seeds-jumps$m.txt 2>&1; done
head -50 $R/seeds200.txt > $R/seeds50.txt
for m in 1 stack; do $R/runseeds.sh /tmp/s31/h162/probe-syncer.test nohold $m $R/seeds50.txt > $R/nohold-h143seeds50-jumps$m.txt 2>&1; done
(time SYNCER_SIM_PROBE=1 SYNCER_SIM_SEEDS=20 /tmp/s31/h162/probe-syncer.test -test.run 'TestSimulation' -test.count=1 -test.v) > $R/sim-probe-default-seeds20.txt 2>&1
echo done > $R/batch1.done
