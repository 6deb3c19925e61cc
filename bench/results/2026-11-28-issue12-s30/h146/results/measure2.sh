#!/usr/bin/env bash
# three rounds, each benchmark counted for the old binary then the new one in one invocation
set -u
cd /tmp/s30/h146/repo
H=/tmp/s30/h146
for r in 1 2 3; do
  echo "== round $r $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $H/old.test $H/new2.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $H/old.test $H/new2.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $H/bold.test $H/bnew2.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $H/bold.test $H/bnew2.test
  for k in short uuid tiny; do
    GOGC=off bench/instructions.sh "BenchmarkDecisionKeyShapesFixedClock/key=$k\$" 100000 300000 $H/cold.test $H/cnew2.test
  done
done
echo "== done $(date -u +%T)"
