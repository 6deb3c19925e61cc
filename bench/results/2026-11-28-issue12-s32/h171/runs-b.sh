#!/bin/bash
# Step B's runs: the landing B (f076621), whose cache does not read Steps (HEAD's hold rules), with and without SYNCER_SIM_NOEXCUSE.
B=${B:-/tmp/s32/h171/b-syncer.test}
out=${OUT:-/tmp/s32/h171/results/runs-b}
mkdir -p $out
cd /tmp/s32/h171/repo/syncer
for ne in "" 1; do
 for j in 1 stack; do
  f=$out/jumps$j${ne:+-noexcuse}-seeds${SEEDS:-20}.txt
  { echo "# SYNCER_SIM_NOEXCUSE=$ne SYNCER_SIM_JUMPS=$j SYNCER_SIM_SEEDS=${SEEDS:-20} $B -test.run TestSimulation/jumps -test.v"; date -u; } > $f
  SYNCER_SIM_NOEXCUSE=$ne SYNCER_SIM_JUMPS=$j SYNCER_SIM_SEEDS=${SEEDS:-20} $B -test.run 'TestSimulation/jumps' -test.v >> $f 2>&1
  echo "exit $?" >> $f; date -u >> $f
 done
done
