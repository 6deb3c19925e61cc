#!/bin/bash
# The instruction counts of h168's report: old = 962d2e7 (main's cache code at the start, 23f7005's), new = the step6b branch head.
cd /tmp/s32/h168/repo
D=/tmp/s32/h168
R=$D/results
export GOGC=off
for round in 1 2 3; do
  echo "== round $round" >> $R/instr-decide.txt
  bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/bnew.test >> $R/instr-decide.txt 2>&1
  bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/bnew.test >> $R/instr-decide.txt 2>&1
done
for round in 1 2 3; do
  echo "== round $round" >> $R/instr-middleware.txt
  bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $D/old.test $D/new.test >> $R/instr-middleware.txt 2>&1
  bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $D/old.test $D/new.test >> $R/instr-middleware.txt 2>&1
done
echo done >> $R/instr-decide.txt
