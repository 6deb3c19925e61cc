#!/bin/bash
# usage: instr.sh TAG  -> measures old vs TAG binaries, 3 rounds
T=$1; D=/tmp/s29/h145; S=/tmp/s29/h145/repo/bench/instructions.sh
export GOGC=off
for r in 1 2 3; do
 echo "== round $r"
 $S 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/b$T.test
 $S 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/b$T.test
 $S 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $D/old.test $D/$T.test
 $S 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $D/old.test $D/$T.test
 $S 'BenchmarkDecisionAfterReloadFixedClock/reload=1m-to-10s1h$' 100000 300000 $D/cold.test $D/c$T.test
 $S 'BenchmarkTakeDirtyFixedClock/keys=1000$' 20 60 $D/cold.test $D/c$T.test
 $S 'BenchmarkAppendPullHotFixedClock/keys=1000$' 200 600 $D/cold.test $D/c$T.test
done
