#!/bin/bash
cd /tmp/s30/h154/repo
H=/tmp/s30/h154
for r in 1 2 3; do
echo "round $r $(date -u)"
GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $H/old.test $H/new.test
GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $H/bold.test $H/bnew.test
done
