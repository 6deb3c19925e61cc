#!/bin/bash
# usage: runseeds.sh BIN SEEDFILE OUTDIR  -- runs each seed of the jumps case (=stack) with trace, one at a time
bin=$1; seeds=$2; out=$3; mkdir -p $out
cd /tmp/s29/h138/repo/syncer
for s in $(cat $seeds); do
  SYNCER_SIM_JUMPS=stack SYNCER_SIM_SEED=$s SYNCER_SIM_TRACE=1 $bin -test.run 'TestSimulation/jumps$' -test.count=1 > $out/trace-$s.txt 2>&1
  rc=$?
  echo "$s rc=$rc $(grep -m1 -A1 'check after\|failed' $out/trace-$s.txt | tail -1 | cut -c1-200)"
done
