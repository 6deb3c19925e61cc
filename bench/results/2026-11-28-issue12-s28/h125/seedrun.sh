#!/bin/sh
# seedrun.sh LABEL : run the jumps case over the 20 fixed seeds in seeds.txt, one line each: seed, step of failure (or ok)
cd /tmp/s28/h125/repo/syncer
go test -c -o /tmp/s28/h125/results/sim-$1.test . || exit 1
for s in $(cat /tmp/s28/h125/results/seeds.txt); do
  out=$(SYNCER_SIM_JUMPS=${JUMPS:-1} SYNCER_SIM_SEED=$s /tmp/s28/h125/results/sim-$1.test -test.run 'TestSimulation/jumps' -test.count=1 2>&1)
  line=$(echo "$out" | grep -m1 'sim_test.go:[0-9]*: seed [0-9]*, step' | sed 's/.*\(step [0-9]*\), true clock \([^:]*\): \(.\{0,60\}\).*/\1 \2 \3/')
  [ -z "$line" ] && line=ok
  echo "$s $line"
done > /tmp/s28/h125/results/seeds-$1.txt
