#!/bin/bash
cd /tmp/s35/h203/repo/syncer
B=/tmp/s35/h203/syncer-race-head.test
R=/tmp/s35/h203/results
run() { name=$1; shift; echo "start $name $(date -u +%T)" >> $R/sims-head-times.txt
  env "$@" $B -test.count=1 -test.timeout 40m -test.v -test.run "$RUNPAT" > $R/simhead-$name.log 2>&1; echo "rc=$?" >> $R/simhead-$name.log
  echo "end $name $(date -u +%T) $(tail -1 $R/simhead-$name.log)" >> $R/sims-head-times.txt; }
RUNPAT='TestSimulation/deletes$' run deletes-40 SYNCER_SIM_DELETES=1 SYNCER_SIM_SEEDS=40
RUNPAT='TestSimulation/(deletes|jumps)$' run deletes-jumps-detector-noexcuse SYNCER_SIM_DELETES=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_SEEDS=10
RUNPAT='TestSimulation$' run plain SYNCER_SIM_SEEDS=5
