#!/bin/bash
# non-race wide runs at 2185d14
cd /tmp/s33/h179/repo/syncer
R=/tmp/s33/h179/results/wide
mkdir -p $R
run() { name=$1; shift; s=$(date +%s); env "$@" /tmp/s33/h179/sim-2185d14.test -test.run 'TestSimulation' -test.timeout 3h > $R/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s)-s ))s $(date -u +%H:%M:%S)" >> $R/summary.txt; }
run nr-all-noexcuse-jumps1-200 SYNCER_SIM_SEEDS=200 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1
run nr-all-noexcuse-jumpsstack-200 SYNCER_SIM_SEEDS=200 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=stack
