#!/bin/bash
cd /tmp/s32/h175/gate; R=/tmp/s32/h175/results
echo "C head $(git rev-parse --short HEAD) start $(date -u +%T) (cache race rerun with -timeout 40m: the first hit go test's default 10m)" >> $R/gates-summary.txt
go test -race -count=1 -p 1 -timeout 40m ./cache > $R/gate-race-cache-rerun.txt 2>&1; echo "race cache (rerun) rc=$? $(date -u +%T)" >> $R/gates-summary.txt
