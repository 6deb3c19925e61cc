#!/bin/bash
# after runs1: the mixed fleet (the default: every other cache fed), 200 seeds, non-race, at 2185d14
cd /tmp/s33/h179/repo/syncer
R=/tmp/s33/h179/results/wide
while pgrep -f 'results/runs1.sh' >/dev/null; do sleep 10; done
run() { b=$1; name=$2; shift 2; s=$(date +%s); env "$@" $b -test.run 'TestSimulation' -test.v -test.timeout 3h > $R/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s)-s ))s $(date -u +%H:%M:%S)" >> $R/summary.txt; }
run /tmp/s33/h179/sim-2185d14.test nr-default-jumps1-200 SYNCER_SIM_SEEDS=200 SYNCER_SIM_JUMPS=1
run /tmp/s33/h179/sim-2185d14.test nr-default-jumpsstack-200 SYNCER_SIM_SEEDS=200 SYNCER_SIM_JUMPS=stack
