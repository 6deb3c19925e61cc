#!/usr/bin/env bash
# runseeds.sh BIN PROBE MODE SEEDFILE: each seed alone; prints pass/fail counts and the failing seeds.
BIN=$1; PROBE=$2; MODE=$3; F=$4
pass=0; fail=0
while read -r seed; do
  [ -z "$seed" ] && continue
  if SYNCER_SIM_PROBE=$PROBE SYNCER_SIM_JUMPS=$MODE SYNCER_SIM_SEED=$seed $BIN -test.run 'TestSimulation/jumps$' -test.count=1 > /tmp/s31/h162/results/.last 2>&1; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL seed $seed"; grep -E 'store holds|want' /tmp/s31/h162/results/.last | head -3
  fi
done < "$F"
echo "probe=$PROBE mode=$MODE pass=$pass fail=$fail"
