#!/bin/bash
cd /tmp/s28/h130/repo
for lim in proto-hot-1m1h-fixedclock proto-hot-1m1h-ptr-fixedclock project-1m1h-fixedclock; do
  GOGC=off bench/instructions.sh -misses "BenchmarkProtoHot2FixedClock/keys=1000000\$/lim=$lim\$/dist=uniform/mode=serial" 200000 600000 /tmp/s28/h130/final3.test
done > /tmp/s28/h130/results/misses-1M.txt 2>&1
touch /tmp/s28/h130/results/misses.done
