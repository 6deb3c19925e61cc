#!/bin/sh
# old = 9e80055 (base), new = 038ee04 (h193's HEAD: h188's change + h193's fixes)
cd /tmp/s34/h193/repo
B=/tmp/s34/h193
for r in 1 2; do
  echo "== round $r"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $B/old.test $B/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $B/old.test $B/new.test
done
