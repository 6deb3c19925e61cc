#!/bin/bash
cd /tmp/s32/h175/gate; R=/tmp/s32/h175/results
echo "B head $(git rev-parse --short HEAD) start $(date -u +%T)" >> $R/gates-summary.txt
SYNCER_SIM_SEEDS=20 go test -race -count=1 -timeout 40m -run TestSimulation ./syncer/ > $R/gate-sim-default.txt 2>&1; echo "sim default rc=$? $(date -u +%T)" >> $R/gates-summary.txt
SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=20 go test -race -count=1 -timeout 40m -run TestSimulation ./syncer/ > $R/gate-sim-jumps1.txt 2>&1; echo "sim jumps1 rc=$? $(date -u +%T)" >> $R/gates-summary.txt
SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=20 go test -race -count=1 -timeout 40m -run TestSimulation ./syncer/ > $R/gate-sim-noexcuse-jumps1.txt 2>&1; echo "sim detector=all noexcuse jumps1 rc=$? $(date -u +%T)" >> $R/gates-summary.txt
