#!/bin/bash
cd /tmp/s34/h194/repo
O=/tmp/s34/h194; export GOGC=off
for r in 1 2 3; do
  bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $O/bold.test $O/bnew.test
  bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $O/bold.test $O/bnew.test
done > $O/results/instr-decide-1key.txt 2>&1
for r in 1 2 3; do
  bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $O/old.test $O/new.test
  bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $O/old.test $O/new.test
done > $O/results/instr-middleware.txt 2>&1
for r in 1 2 3; do
  bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $O/bold.test $O/bnew.test
done > $O/results/instr-1m-misses.txt 2>&1
echo done > $O/results/instr.done
