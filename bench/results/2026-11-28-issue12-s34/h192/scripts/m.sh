#!/bin/bash
# m.sh NAME: build bench test binary of the clone as /tmp/s34/h192/bNAME.test and count 1-key decisions (one and two sizes) against bold.test
set -e
cd /tmp/s34/h192/repo/bench && go test -c -o /tmp/s34/h192/b$1.test .
cd /tmp/s34/h192
for lim in project-fixedclock project-1m1h-fixedclock; do
GOGC=off repo/bench/instructions.sh "BenchmarkDecide/keys=1\$/lim=$lim\$/dist=uniform/mode=serial" 200000 1200000 /tmp/s34/h192/bold.test /tmp/s34/h192/b$1.test | sed "s/(.*//;s/$/ $lim/"
done
