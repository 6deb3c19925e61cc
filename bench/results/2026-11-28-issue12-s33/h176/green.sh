#!/usr/bin/env bash
cd /tmp/s33/h176/wt
echo "== race cache $(date -u +%T)"; (time go test -race -count=1 -timeout 60m ./cache) 2>&1 | tail -5
echo "== sim $(date -u +%T)"; (time SYNCER_SIM_SEEDS=20 go test -race -count=1 -timeout 60m -run TestSimulation ./syncer/) 2>&1 | tail -5
echo "== sim jumps $(date -u +%T)"; (time SYNCER_SIM_JUMPS=1 go test -race -count=1 -timeout 60m -run TestSimulation ./syncer/) 2>&1 | tail -5
echo "== s390x $(date -u +%T)"; (time GOARCH=s390x go test -count=1 -timeout 60m -exec /usr/bin/qemu-s390x-static ./cache) 2>&1 | tail -5
echo "== done $(date -u +%T)"
