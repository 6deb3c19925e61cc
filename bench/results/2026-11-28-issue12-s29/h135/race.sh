#!/bin/bash
cd /tmp/s29/h135/repo
echo "== $(date -u +%H:%M:%S) git $(git rev-parse --short HEAD)"
go test -race -count=1 -p 1 ./cache/ ./policy/... . ./window/ 2>&1 | tail -20
echo "== syncer sim $(date -u +%H:%M:%S)"
SYNCER_SIM_SEEDS=20 go test -race -count=1 -run TestSimulation ./syncer/ 2>&1 | tail -5
SYNCER_SIM_SEEDS=20 SYNCER_SIM_JUMPS=1 go test -race -count=1 -run TestSimulation ./syncer/ 2>&1 | tail -5
echo "== syncer $(date -u +%H:%M:%S)"
go test -race -count=1 ./syncer/... ./internal/... 2>&1 | tail -8
echo "== bench $(date -u +%H:%M:%S)"
cd bench && go test -race -count=1 -p 1 ./... 2>&1 | tail -5
echo "== end $(date -u +%H:%M:%S)"
