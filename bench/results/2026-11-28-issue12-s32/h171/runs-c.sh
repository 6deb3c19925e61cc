#!/bin/bash
# Step C's simulation runs (binary built from the C working tree), not race.
B=${B:-/tmp/s32/h171/c-syncer.test}
out=/tmp/s32/h171/results/runs-c
mkdir -p $out
cd /tmp/s32/h171/repo/syncer
run() { # name env...
  f=$out/$1.txt; shift
  { echo "# $* $B -test.run ${RUN:-TestSimulation} -test.v"; date -u; } > $f
  env "$@" $B -test.run "${RUN:-TestSimulation}" -test.v >> $f 2>&1
  echo "exit $?" >> $f; date -u >> $f
}
for st in all mixed none; do
  for j in 1 stack; do
    RUN=TestSimulation/jumps run jumps$j-detector$st-seeds20 SYNCER_SIM_DETECTOR=${st/mixed/} SYNCER_SIM_JUMPS=$j SYNCER_SIM_SEEDS=20
  done
done
for j in 1 stack; do
  RUN=TestSimulation/jumps run jumps$j-detectorall-noexcuse-seeds20 SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=$j SYNCER_SIM_SEEDS=20
done
run default-detectormixed-seeds20 SYNCER_SIM_SEEDS=20
run default-detectorall-seeds20 SYNCER_SIM_DETECTOR=all SYNCER_SIM_SEEDS=20
