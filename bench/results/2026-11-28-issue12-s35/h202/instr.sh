#!/bin/sh
# instructions: old = 3adb1fb (h198's HEAD), new = 17b4cab (close's and setEpoch's block), three rounds
cd /tmp/s35/h202/repo
I=/tmp/s35/h202
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $I/old.test $I/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $I/old.test $I/new.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $I/bold.test $I/bnew.test
done
echo "== end $(date -u +%H:%M:%S)"
