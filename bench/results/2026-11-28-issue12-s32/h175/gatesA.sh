#!/bin/bash
cd /tmp/s32/h175/gate; R=/tmp/s32/h175/results
echo "A head $(git rev-parse --short HEAD) start $(date -u +%T)" >> $R/gates-summary.txt
go test -race -count=1 -p 1 ./cache ./syncer ./internal/... > $R/gate-race-pkgs.txt 2>&1; echo "race pkgs rc=$? $(date -u +%T)" >> $R/gates-summary.txt
