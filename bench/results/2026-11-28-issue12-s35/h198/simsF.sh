#!/bin/sh
# at the final commit: the seed in each setting, then 30 seeds of h197's combination (DETECTOR=all NOEXCUSE=1 JUMPS=1)
cd /tmp/s35/h198/wtF/syncer || exit 1
echo "== at $(git rev-parse --short HEAD) $(date -u +%H:%M:%S)"
for cfg in "" "SYNCER_SIM_JUMPS=1" "SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1" "SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1"; do
  echo "== seed 13970774711175957097 [$cfg] $(date -u +%H:%M:%S)"
  env $cfg SYNCER_SIM_SEED=13970774711175957097 go test -p 1 -race -count=1 -timeout 40m -run TestSimulation . 2>&1 | tail -3
done
echo "== 30 seeds [SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1] $(date -u +%H:%M:%S)"
SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=30 go test -p 1 -race -count=1 -timeout 40m -run TestSimulation . > /tmp/s35/h198/results/sim-F-all-noexcuse-jumps.txt 2>&1
tail -3 /tmp/s35/h198/results/sim-F-all-noexcuse-jumps.txt
echo "== end $(date -u +%H:%M:%S)"
