#!/bin/bash
cd /tmp/s35/h203/repo/syncer
B=/tmp/s35/h203/syncer-race.test
R=/tmp/s35/h203/results
run() { name=$1; shift; echo "start $name $(date -u +%T)" >> $R/sims-times.txt
  env "$@" $B -test.count=1 -test.timeout 40m -test.v -test.run "$RUNPAT" > $R/sim-$name.log 2>&1; echo "rc=$?" >> $R/sim-$name.log
  echo "end $name $(date -u +%T) $(tail -1 $R/sim-$name.log)" >> $R/sims-times.txt; }
RUNPAT='TestSimulation/deletes$' run deletes-100 SYNCER_SIM_DELETES=1 SYNCER_SIM_SEEDS=100
RUNPAT='TestSimulation/deletes$' run deletes-jumps-noexcuse SYNCER_SIM_DELETES=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_SEEDS=60
RUNPAT='TestSimulation/jumps$' run jumps SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=20
RUNPAT='TestSimulation$' run plain SYNCER_SIM_SEEDS=10
