#!/bin/bash
# race runs (20 seeds each: 200 under -race does not fit the loaded machine) and the 200-seed mixed-fleet run, non-race, at 2185d14
cd /tmp/s33/h179/repo/syncer
R=/tmp/s33/h179/results/wide
mkdir -p $R
run() { b=$1; name=$2; shift 2; s=$(date +%s); env "$@" $b -test.run 'TestSimulation' -test.v -test.timeout 3h > $R/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s)-s ))s $(date -u +%H:%M:%S)" >> $R/summary.txt; }
run /tmp/s33/h179/simrace-2185d14.test race-all-noexcuse-jumps1-20 SYNCER_SIM_SEEDS=20 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1
run /tmp/s33/h179/simrace-2185d14.test race-default-jumps1-20 SYNCER_SIM_SEEDS=20 SYNCER_SIM_JUMPS=1
