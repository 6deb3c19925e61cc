#!/bin/bash
R=/tmp/s30/h147/results
cd /tmp/s30/h147/repo
date -u > $R/runall.times
$R/runseeds.sh /tmp/s30/h147/syncer-fix.test 1 $R/seeds200.txt > $R/fix-jumps1-seeds200.txt; date -u >> $R/runall.times
$R/runseeds.sh /tmp/s30/h147/syncer-fix.test stack $R/seeds200.txt > $R/fix-jumpsstack-seeds200.txt; date -u >> $R/runall.times
SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=20 go test -race -count=1 -v -run 'TestSimulation/jumps$' ./syncer/ > $R/test-jumps1-seeds20-race.txt 2>&1; echo rc=$? >> $R/test-jumps1-seeds20-race.txt; date -u >> $R/runall.times
SYNCER_SIM_JUMPS=stack SYNCER_SIM_SEEDS=20 go test -race -count=1 -v -run 'TestSimulation/jumps$' ./syncer/ > $R/test-jumpsstack-seeds20-race.txt 2>&1; echo rc=$? >> $R/test-jumpsstack-seeds20-race.txt; date -u >> $R/runall.times
SYNCER_SIM_SEEDS=20 go test -race -count=1 -v -run TestSimulation ./syncer/ > $R/test-sim20-race.txt 2>&1; echo rc=$? >> $R/test-sim20-race.txt; date -u >> $R/runall.times
