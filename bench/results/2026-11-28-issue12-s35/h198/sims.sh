#!/bin/sh
# usage: sims.sh DIR TAG — 30 random seeds per case in three settings, plus the failing seed, -race -p 1 -timeout 40m
D=$1; T=$2; R=/tmp/s35/h198/results
cd $D/syncer || exit 1
echo "== $T at $(git rev-parse --short HEAD) $(date -u +%H:%M:%S)" 
for cfg in "" "SYNCER_SIM_JUMPS=1" "SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1"; do
  echo "== seed 13970774711175957097 [$cfg] $(date -u +%H:%M:%S)"
  env $cfg SYNCER_SIM_SEED=13970774711175957097 go test -p 1 -race -count=1 -timeout 40m -run TestSimulation . 2>&1 | tail -3
  echo "== 30 seeds [$cfg] $(date -u +%H:%M:%S)"
  env $cfg SYNCER_SIM_SEEDS=30 go test -p 1 -race -count=1 -timeout 40m -run TestSimulation . > $R/sim-$T-$(echo "$cfg" | tr ' =' '_-' | sed 's/^$/plain/').txt 2>&1
  tail -3 $R/sim-$T-$(echo "$cfg" | tr ' =' '_-' | sed 's/^$/plain/').txt
done
echo "== end $(date -u +%H:%M:%S)"
