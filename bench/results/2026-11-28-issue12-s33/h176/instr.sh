#!/usr/bin/env bash
# usage: instr.sh OLDROOT NEWROOT OLDBENCH NEWBENCH TAG
set -u
cd /tmp/s33/h176/repo
R=/tmp/s33/h176/results
OR=$1 NR=$2 OB=$3 NB=$4 TAG=$5
for round in 1 2 3; do
  echo "== round $round $(date -u +%T)"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $OB $NB
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $OB $NB
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $OR $NR
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $OR $NR
done
