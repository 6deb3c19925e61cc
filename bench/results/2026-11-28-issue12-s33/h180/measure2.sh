#!/usr/bin/env bash
# Final measurements: old = 169194d (base + the benchmark), new = 541b22f.
R=/tmp/s33/h180/results; B=/tmp/s33/h180
cd /tmp/s33/h180/repo
# (measure.sh's first part done; restarted here with keys=1$ anchored)
for s in uuid uuid-user short32 name-num long short; do
 GOGC=off bench/instructions.sh "BenchmarkDecisionKeyShapesManyFixedClock/keys=1$/key=$s\$" 100000 300000 $B/cold.test $B/cnew.test >> $R/instr-keyshapes-many-1key.txt 2>&1
done
for r in 1 2 3; do
 GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $B/old.test $B/new.test >> $R/instr-middleware-cc.txt 2>&1
 GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $B/old.test $B/new.test >> $R/instr-middleware-pwagg.txt 2>&1
done
$R/shapes.sh $R/instr-1m-shapes-new.txt $B/cnew.test
for s in uuid uuid-user; do
 GOGC=off bench/instructions.sh -misses "BenchmarkDecisionKeyShapesManyFixedClock/keys=1000000/key=$s\$" 200000 600000 $B/cold.test $B/cnew.test >> $R/misses-1m-shapes.txt 2>&1
done
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $B/bold.test $B/bnew.test >> $R/misses-1m-decide.txt 2>&1
echo done > $R/measure.done
