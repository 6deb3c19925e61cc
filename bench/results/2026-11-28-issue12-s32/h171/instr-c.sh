#!/bin/bash
# Step C's instruction counts: old = /work/main 23f7005 (the clone's base), new = C (Steps nil), steps = C with Steps set (measurement-only patch, not committed).
cd /tmp/s32/h171/repo
H=/tmp/s32/h171 R=$H/results
for r in 1 2 3; do
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $H/bold.test $H/bcnew.test $H/bcsteps.test
done > $R/instructions-C-decide-1size.txt 2>&1
for r in 1 2 3; do
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $H/bold.test $H/bcnew.test $H/bcsteps.test
done > $R/instructions-C-decide-2sizes.txt 2>&1
for r in 1 2 3; do
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $H/old.test $H/cnew.test $H/csteps.test
done > $R/instructions-C-mw-client_credentials.txt 2>&1
for r in 1 2 3; do
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $H/old.test $H/cnew.test $H/csteps.test
done > $R/instructions-C-mw-password_with_aggregate.txt 2>&1
