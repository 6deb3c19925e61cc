#!/bin/bash
# usage: runseeds.sh BIN MODE SEEDFILE -- each seed of TestSimulation/jumps alone, one line per seed (after helper-143's)
bin=$1; mode=$2; seeds=$3
cd /tmp/s30/h147/repo/syncer
for s in $(cat $seeds); do
  out=$(SYNCER_SIM_JUMPS=$mode SYNCER_SIM_SEED=$s $bin -test.run 'TestSimulation/jumps$' -test.count=1 2>&1)
  rc=$?
  echo "$s rc=$rc $(echo "$out" | grep -m1 -A1 'failed:' | sed 's/^ *//' | tr '\n' ' ' | cut -c1-200)"
done
