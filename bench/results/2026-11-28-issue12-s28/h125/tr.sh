#!/bin/sh
# tr.sh SEED KEYPATTERN : trace a jumps seed, show clock steps, quiesce, and lines for the key
cd /tmp/s28/h125/repo/syncer
SYNCER_SIM_SEED=$1 SYNCER_SIM_TRACE=1 SYNCER_SIM_JUMPS=${JUMPS:-1} go test -count=1 -run 'TestSimulation/jumps' . > /tmp/s28/h125/results/trace-$1.txt 2>&1
sed -n '/sim_test.go:471/p' /tmp/s28/h125/results/trace-$1.txt | grep -E "$2|clock (jumps|set)|quiesce|store down|restart" | sed 's/.*sim_test.go:471: //' | cut -c1-300
grep -A3 'sim_test.go:1[0-9]*: seed' /tmp/s28/h125/results/trace-$1.txt | head -5
