#!/bin/bash
# the cap's probe: frames.go panics if the cap would bind, prints every extension's F - c.start
cd /tmp/s30/h150/capprobe/syncer
R=/tmp/s30/h150/results
for m in 1 stack; do
  SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEEDS=20 /tmp/s30/h150/syncer-capprobe.test -test.count=1 -test.v -test.run 'TestSimulation/jumps$' > $R/capprobe-$m.raw 2>&1; echo "exit $?" >> $R/capprobe-$m.raw
done
