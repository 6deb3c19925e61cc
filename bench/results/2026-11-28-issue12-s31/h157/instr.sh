#!/bin/bash
# usage: instr.sh OLD NEW BOLD BNEW label
cd /tmp/s31/h157/repo
O=$1 N=$2 BO=$3 BN=$4
for r in 1 2 3; do
  echo "== round $r"
  echo "-- decide 1 size"; GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $BO $BN
  echo "-- decide 2 sizes"; GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $BO $BN
  echo "-- middleware client_credentials"; GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $O $N
  echo "-- middleware password_with_aggregate"; GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $O $N
done
