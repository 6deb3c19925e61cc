#!/bin/bash
# sims.sh BIN TAG "ENV..." ...: run TestSimulation with 20 seeds for each env setting in turn
bin=$1; tag=$2; shift 2
cd /tmp/s35/h202/repo/syncer
for envs in "$@"; do
  name=$(echo "${envs:-plain}" | tr ' =' '_-')
  echo "== $tag [$envs] $(date -u +%T)" >> /tmp/s35/h202/results/sims-$tag.log
  env $envs SYNCER_SIM_SEEDS=20 $bin -test.run TestSimulation -test.count=1 -test.timeout 40m -test.v > /tmp/s35/h202/results/sim-$tag-$name.txt 2>&1
  echo "rc=$? $(tail -1 /tmp/s35/h202/results/sim-$tag-$name.txt) $(date -u +%T)" >> /tmp/s35/h202/results/sims-$tag.log
done
