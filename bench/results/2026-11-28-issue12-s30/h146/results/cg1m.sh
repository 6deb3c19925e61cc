#!/usr/bin/env bash
cd /tmp/s30/h146
for b in bold bnew2; do
 for n in 200000 600000; do
  GOGC=off valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/s30/h146/results/cg1m-$b-$n.out ./$b.test -test.run '^$' -test.bench 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' -test.benchtime ${n}x -test.cpu 1 > /dev/null 2>&1
 done
done
echo done
