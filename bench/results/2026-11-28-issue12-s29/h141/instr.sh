#!/bin/bash
cd /tmp/s29/h141/repo
for r in 1 2 3; do
  echo "== round $r"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/s29/h141/bold.test /tmp/s29/h141/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/s29/h141/bold.test /tmp/s29/h141/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 /tmp/s29/h141/old.test /tmp/s29/h141/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 /tmp/s29/h141/old.test /tmp/s29/h141/new.test
done
