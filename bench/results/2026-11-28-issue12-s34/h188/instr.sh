#!/bin/bash
# instruction counts: old = 9e80055 (/tmp/s34/h188/old.test, bold.test), new = c68db06 (new.test, bnew.test)
B=/tmp/s34/h188
cd /tmp/s34/h188/repo
for r in 1 2 3; do
  echo "== round $r $(date +%T)"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $B/old.test $B/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $B/old.test $B/new.test
done
echo "== misses $(date +%T)"
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $B/bold.test $B/bnew.test
echo "== done $(date +%T)"
