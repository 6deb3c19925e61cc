#!/bin/bash
# sims at the in-flight re-base fix (uncommitted tree at first, same code as the commit)
cd /tmp/s30/h150/repo
R=/tmp/s30/h150/results
go test -race -c -o /tmp/s30/h150/syncer-race2.test ./syncer/ || exit 1
cd syncer
for m in 1 stack; do
date -u > $R/sim2-jumps$m.txt; SYNCER_SIM_JUMPS=$m SYNCER_SIM_SEEDS=20 /tmp/s30/h150/syncer-race2.test -test.count=1 -test.v -test.run 'TestSimulation/jumps$' >> $R/sim2-jumps$m.txt 2>&1; echo "exit $?" >> $R/sim2-jumps$m.txt; date -u >> $R/sim2-jumps$m.txt
done
date -u > $R/sim2-default20.txt; SYNCER_SIM_SEEDS=20 /tmp/s30/h150/syncer-race2.test -test.count=1 -test.v -test.run 'TestSimulation' >> $R/sim2-default20.txt 2>&1; echo "exit $?" >> $R/sim2-default20.txt; date -u >> $R/sim2-default20.txt
