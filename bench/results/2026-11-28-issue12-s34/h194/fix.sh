#!/bin/bash
cd /tmp/s34/h194/repo; O=/tmp/s34/h194; export GOGC=off
for k in long short short32 uuid; do
  bench/instructions.sh "BenchmarkDecisionKeyShapesManyFixedClock/keys=1$/key=$k\$" 100000 300000 $O/cold.test $O/cnew.test $O/cfix.test
done > $O/results/instr-keyshapes-fix.txt 2>&1
echo done >> $O/results/instr-keyshapes-fix.txt
