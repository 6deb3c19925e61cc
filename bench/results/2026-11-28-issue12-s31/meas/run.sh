#!/bin/sh
# instructions, 2cabdb1 (old) against HEAD (new), three rounds
cd /work/main
I=/tmp/s31/ir
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S)"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $I/old.test $I/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $I/old.test $I/new.test
done
