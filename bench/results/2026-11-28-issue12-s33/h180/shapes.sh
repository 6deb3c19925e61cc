#!/usr/bin/env bash
# usage: shapes.sh OUT BIN... : instructions per decision at 1M keys for each key shape
out=$1; shift
cd /tmp/s33/h180/repo
for s in uuid uuid-user short32 name-num long short; do
  GOGC=off bench/instructions.sh "BenchmarkDecisionKeyShapesManyFixedClock/keys=1000000/key=$s\$" 200000 600000 "$@" >> "$out" 2>&1
done
