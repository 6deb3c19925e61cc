#!/usr/bin/env bash
# usage: measure.sh TAG ROOT_TEST BENCH_TEST CACHE_TEST  (full paths); three rounds of instruction counts
set -u
cd /tmp/s30/h146/repo
tag=$1 root=$2 bnch=$3 cch=$4
for r in 1 2 3; do
  echo "== round $r $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $root
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $root
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $bnch
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $bnch
  GOGC=off bench/instructions.sh 'BenchmarkDecisionKeyShapesFixedClock/key=short$' 100000 300000 $cch
  GOGC=off bench/instructions.sh 'BenchmarkDecisionKeyShapesFixedClock/key=uuid$' 100000 300000 $cch
  GOGC=off bench/instructions.sh 'BenchmarkDecisionKeyShapesFixedClock/key=tiny$' 100000 300000 $cch
done
