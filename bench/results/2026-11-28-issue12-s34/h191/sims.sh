#!/bin/bash
# The simulations at the fix's commit, -race, one after another.
cd /tmp/s34/h191/repo/syncer
B=/tmp/s34/h191/results/simrace.test
R=/tmp/s34/h191/results
date -u +%T > $R/sim-plain.start
SYNCER_SIM_SEEDS=100 $B -test.run 'TestSimulation' -test.count=1 -test.v -test.timeout 3h > $R/sim-plain-seeds100.log 2>&1; echo "rc=$?" >> $R/sim-plain-seeds100.log
date -u +%T >> $R/sim-plain.start
SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=100 $B -test.run 'TestSimulation' -test.count=1 -test.v -test.timeout 3h > $R/sim-detector-all-noexcuse-jumps-seeds100.log 2>&1; echo "rc=$?" >> $R/sim-detector-all-noexcuse-jumps-seeds100.log
date -u +%T >> $R/sim-plain.start
SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=100 $B -test.run 'TestSimulation/jumps$' -test.count=1 -test.v -test.timeout 3h > $R/sim-jumps-seeds100.log 2>&1; echo "rc=$?" >> $R/sim-jumps-seeds100.log
date -u +%T >> $R/sim-plain.start
