#!/bin/bash
# usage: instr.sh OUT OLDROOT NEWROOT OLDBENCH NEWBENCH
out=$1; o=$2; n=$3; bo=$4; bn=$5
cd /tmp/s29/h136/repo
for round in 1 2 3; do
 echo "== round $round" >> $out
 for b in 'BenchmarkMiddleware$/client_credentials$' 'BenchmarkMiddleware$/password_with_aggregate$'; do
  echo "-- $b" >> $out
  GOGC=off bench/instructions.sh "$b" 50000 150000 $o $n >> $out 2>&1
 done
 for b in 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial'; do
  echo "-- $b" >> $out
  GOGC=off bench/instructions.sh "$b" 100000 300000 $bo $bn >> $out 2>&1
 done
done
echo DONE >> $out
