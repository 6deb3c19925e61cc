#!/bin/sh
# the simulations at c68db06 (binaries /tmp/s34/h188/sim-new.test, sim-new-race.test)
B=/tmp/s34/h188
cd /tmp/s34/h188/repo/syncer
run() { name=$1; shift; s=$(date +%s); env "$@" > $B/results/sim-$name.txt 2>&1; echo "rc=$? $(( $(date +%s) - s ))s" >> $B/results/sim-$name.txt; echo "$name $(tail -1 $B/results/sim-$name.txt)" >> $B/results/sims-summary.txt; }
run detall-jumps1-100 SYNCER_SIM_DETECTOR=all SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=100 $B/sim-new.test -test.run TestSimulation -test.timeout 3h
run detall-noexcuse-jumps1-100 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=100 $B/sim-new.test -test.run TestSimulation -test.timeout 3h
run race-detall-noexcuse-jumps1-8 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=8 $B/sim-new-race.test -test.run TestSimulation -test.timeout 3h
run race-detall-jumps1-8 SYNCER_SIM_DETECTOR=all SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=8 $B/sim-new-race.test -test.run TestSimulation -test.timeout 3h
