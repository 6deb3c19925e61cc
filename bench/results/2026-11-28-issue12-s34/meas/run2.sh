#!/bin/sh
# instructions at the session's last request-path change (after helper-194's fix), against 9e80055: one round each
cd /work/main
I=/tmp/s34/ir; N=/tmp/s34/ir2
echo "== new = $(cat $N/new.rev), $(date -u +%H:%M:%S)"
for r in 1 2; do
GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $N/bnew.test
GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $N/bnew.test
done
for k in short uuid tiny long; do
GOGC=off bench/instructions.sh "BenchmarkDecisionKeyShapesFixedClock/key=$k\$" 200000 1200000 $I/cold.test $N/cnew.test
done
GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $I/old.test $N/new.test
GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $I/old.test $N/new.test
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $I/bold.test $N/bnew.test
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 200000 600000 $I/bold.test $N/bnew.test
echo "== end $(date -u +%H:%M:%S)"
