#!/bin/sh
# instructions, main 9e80055 (old, s33 end) against 63796d0 (s34), three rounds; then misses and new keys
cd /work/main
I=/tmp/s34/ir
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S)"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $I/old.test $I/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $I/old.test $I/new.test
done
echo "== misses $(date -u +%H:%M:%S)"
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $I/bold.test $I/bnew.test
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 200000 600000 $I/bold.test $I/bnew.test
echo "== new keys $(date -u +%H:%M:%S)"
GOGC=off bench/instructions.sh 'BenchmarkNewKeyAtMaxKeys$' 20000 60000 $I/cold.test $I/cnew.test
GOGC=off bench/instructions.sh 'BenchmarkNewKeyDetaching$' 20000 60000 $I/cold.test $I/cnew.test
GOGC=off bench/instructions.sh 'BenchmarkNewKey$' 100000 300000 $I/cold.test $I/cnew.test
