#!/usr/bin/env bash
cd /tmp/s30/h146
b=$1
for n in 200000 600000; do
  GOGC=off valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/tmp/s30/h146/results/cg10k-$b-$n.out ./$b.test -test.run '^$' -test.bench 'BenchmarkDecide/keys=10000$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' -test.benchtime ${n}x -test.cpu 1 > /dev/null 2>&1
done
echo done $b
