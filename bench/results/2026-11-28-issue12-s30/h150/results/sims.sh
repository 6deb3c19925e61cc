#!/bin/bash
cd /tmp/s30/h150/repo
R=/tmp/s30/h150/results
go test -race -c -o /tmp/s30/h150/syncer-race.test ./syncer/ || exit 1
cd syncer
date -u > $R/sim-jumps1.txt; SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=20 /tmp/s30/h150/syncer-race.test -test.count=1 -test.v -test.run 'TestSimulation/jumps$' >> $R/sim-jumps1.txt 2>&1; echo "exit $?" >> $R/sim-jumps1.txt; date -u >> $R/sim-jumps1.txt
date -u > $R/sim-jumpsstack.txt; SYNCER_SIM_JUMPS=stack SYNCER_SIM_SEEDS=20 /tmp/s30/h150/syncer-race.test -test.count=1 -test.v -test.run 'TestSimulation/jumps$' >> $R/sim-jumpsstack.txt 2>&1; echo "exit $?" >> $R/sim-jumpsstack.txt; date -u >> $R/sim-jumpsstack.txt
date -u > $R/sim-default20.txt; SYNCER_SIM_SEEDS=20 /tmp/s30/h150/syncer-race.test -test.count=1 -test.v -test.run 'TestSimulation' >> $R/sim-default20.txt 2>&1; echo "exit $?" >> $R/sim-default20.txt; date -u >> $R/sim-default20.txt
