#!/usr/bin/env bash
cd /tmp/s30/h146/repo
echo "== SYNCER_SIM_SEEDS=20 $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) at $(git log --oneline -1 | cut -c1-7)"
SYNCER_SIM_SEEDS=20 go test -race -count=1 -timeout 60m -run TestSimulation ./syncer/ 2>&1 | tail -3
echo "== SYNCER_SIM_JUMPS=1 $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
SYNCER_SIM_JUMPS=1 go test -race -count=1 -timeout 60m -run TestSimulation ./syncer/ 2>&1 | tail -3
echo "== done $(date -u +%T)"
