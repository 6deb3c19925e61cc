#!/bin/bash
cd /tmp/s34/h194/repo; O=/tmp/s34/h194; export GOGC=off
for r in 1 2; do for k in short short32 uuid uuid-user name-num long; do
  bench/instructions.sh "BenchmarkDecisionKeyShapesManyFixedClock/keys=1$/key=$k\$" 100000 300000 $O/cold.test $O/cnew.test
done; done > $O/results/instr-keyshapes.txt 2>&1
echo done >> $O/results/instr-keyshapes.txt
