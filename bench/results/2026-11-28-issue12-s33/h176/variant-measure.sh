#!/usr/bin/env bash
# measure.sh NAME: builds bench test of current repo state to /tmp/s33/h176/var/NAME.test, counts 1-key one and two sizes
set -e
cd /tmp/s33/h176/repo/bench && go test -c -o /tmp/s33/h176/var/$1.test . && cd ..
a=$(GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/s33/h176/var/$1.test | awk '{print $2}')
b=$(GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/s33/h176/var/$1.test | awk '{print $2}')
echo "$1 one=$a two=$b"
