#!/bin/bash
cd /tmp/s35/h200/repo
H=/tmp/s35/h200
for r in 1 2; do
  echo "== round $r misses keys=1000000 project-fixedclock $(date -u +%T)"; GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $H/bold.test $H/bnew3.test
done
for r in 1 2 3; do
  echo "== round $r client_credentials"; GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $H/old.test $H/new3.test
  echo "== round $r password_with_aggregate"; GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $H/old.test $H/new3.test
done
for r in 1 2; do
  echo "== round $r decide keys=1 project-fixedclock"; GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $H/bold.test $H/bnew3.test
  echo "== round $r decide keys=1 project-1m1h-fixedclock"; GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $H/bold.test $H/bnew3.test
done
echo "done $(date -u +%T)"
