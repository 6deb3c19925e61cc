#!/bin/bash
cd /tmp/s32/h168/wt-race
R=/tmp/s32/h168/results
echo "HEAD $(git rev-parse --short HEAD) start $(date -u +%T)" > $R/race-cache.txt
go test -race -count=1 -p 1 -timeout 1200s ./cache >> $R/race-cache.txt 2>&1; echo "EXIT $? $(date -u +%T)" >> $R/race-cache.txt
echo "HEAD $(git rev-parse --short HEAD) start $(date -u +%T)" > $R/sim-seeds20.txt
SYNCER_SIM_SEEDS=20 go test -race -count=1 -run TestSimulation -timeout 1800s ./syncer/ >> $R/sim-seeds20.txt 2>&1; echo "EXIT $? $(date -u +%T)" >> $R/sim-seeds20.txt
echo "HEAD $(git rev-parse --short HEAD) start $(date -u +%T)" > $R/sim-jumps.txt
SYNCER_SIM_JUMPS=1 go test -race -count=1 -run TestSimulation -timeout 1800s ./syncer/ >> $R/sim-jumps.txt 2>&1; echo "EXIT $? $(date -u +%T)" >> $R/sim-jumps.txt
