#!/usr/bin/env bash
# helper-149: the simulation (default seeds, and jumps=1) under -race, then memory per key at 1M keys.
cd /tmp/s30/h149/repo
out=/tmp/s30/h149/results
echo "HEAD $(git log --oneline -1 | cut -c1-7) $(date -u +%H:%M:%S)" > $out/sim.log
SYNCER_SIM_SEEDS=20 go test -race -count=1 -run TestSimulation ./syncer/ >> $out/sim.log 2>&1; echo "exit $? $(date -u +%H:%M:%S)" >> $out/sim.log
SYNCER_SIM_JUMPS=1 go test -race -count=1 -run TestSimulation ./syncer/ >> $out/sim.log 2>&1; echo "exit $? $(date -u +%H:%M:%S)" >> $out/sim.log
cd bench
echo "HEAD $(git log --oneline -1 | cut -c1-7) $(date -u +%H:%M:%S)" > $out/memory.txt
go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter >> $out/memory.txt 2>&1
go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders project-1m1h >> $out/memory.txt 2>&1
echo "done $(date -u +%H:%M:%S)" >> $out/memory.txt
