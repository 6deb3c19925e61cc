#!/bin/sh
# instructions: old = c848750 (main), new = d580ddd (h197's three + h198's two), three rounds
cd /tmp/s35/h198/repo
I=/tmp/s35/h198
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $I/old.test $I/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $I/old.test $I/new.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
done
echo "== end $(date -u +%H:%M:%S)"
