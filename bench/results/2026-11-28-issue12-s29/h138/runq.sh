#!/bin/bash
# usage: runq.sh BIN SEEDFILE OUTDIR -- each seed of =stack, -race binary, one at a time; one line per seed
bin=$1; seeds=$2; out=$3; mkdir -p $out
cd /tmp/s29/h138/repo/syncer
for s in $(cat $seeds); do
  SYNCER_SIM_JUMPS=stack SYNCER_SIM_SEED=$s SYNCER_SIM_TRACE=1 $bin -test.run 'TestSimulation/jumps$' -test.count=1 > $out/trace-$s.txt 2>&1
  rc=$?
  echo "$s rc=$rc $(grep -m1 -A1 'failed:' $out/trace-$s.txt | sed 's/^ *//' | tr '\n' ' ' | sed 's/sim_test.go:[0-9]*: //' | cut -c1-230)"
done
