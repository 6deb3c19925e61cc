#!/bin/bash
# the mixed fleet (the default: every other cache fed), 200 seeds, non-race, at 2185d14; one run per argument, started at once
cd /tmp/s33/h179/repo/syncer
R=/tmp/s33/h179/results/wide
name=$1; shift; s=$(date +%s); env "$@" /tmp/s33/h179/sim-2185d14.test -test.run 'TestSimulation' -test.v -test.timeout 3h > $R/$name.txt 2>&1; echo "$name rc=$? $(( $(date +%s)-s ))s $(date -u +%H:%M:%S)" >> $R/summary.txt
