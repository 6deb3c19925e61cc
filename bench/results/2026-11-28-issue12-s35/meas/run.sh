#!/bin/sh
# instructions, main c848750 (old, s34 end) against fc2e19c (s35's code), two rounds; then misses at 1M
cd /work/main
I=/tmp/s35/ir
for r in 1 2; do
  echo "== round $r $(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $I/old.test $I/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $I/old.test $I/new.test
done
echo "== misses $(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $I/bold.test $I/bnew.test
echo "== end $(date -u +%H:%M:%S)"
