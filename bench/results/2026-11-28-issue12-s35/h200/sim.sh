#!/bin/bash
cd /tmp/s35/h200/repo
echo "commit $(git rev-parse --short HEAD)"
go test -race -c -o /tmp/s35/h200/syncer-race.test ./syncer/ || exit 1
cd syncer
for v in "" "SYNCER_SIM_JUMPS=1" "SYNCER_SIM_DELETES=1" "SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1"; do
  echo "== SYNCER_SIM_SEEDS=20 $v $(date -u +%T)"
  env SYNCER_SIM_SEEDS=20 $v /tmp/s35/h200/syncer-race.test -test.run TestSimulation -test.timeout 40m -test.count=1 2>&1 | tail -3
done
echo "done $(date -u +%T)"
