#!/usr/bin/env bash
cd /tmp/s30/h146
b=$1 n=$2
GOGC=off valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/tmp/s30/h146/results/cg1m2-$b-$n.out ./$b.test -test.run '^$' -test.bench 'BenchmarkDecide/keys=1000000$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' -test.benchtime ${n}x -test.cpu 1 > /dev/null 2>&1
echo done $b $n $(date -u +%T)
