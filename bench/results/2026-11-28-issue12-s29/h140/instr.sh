#!/bin/bash
# usage: instr.sh OLDROOT NEWROOT OLDBENCH NEWBENCH
cd /tmp/s29/h140/repo
for round in 1 2 3; do
  echo "== round $round"
  for b in 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial'; do
    echo "-- $b"; GOGC=off bench/instructions.sh "$b" 100000 300000 $3 $4
  done
  for b in 'BenchmarkMiddleware$/client_credentials$' 'BenchmarkMiddleware$/password_with_aggregate$'; do
    echo "-- $b"; GOGC=off bench/instructions.sh "$b" 50000 150000 $1 $2
  done
done
