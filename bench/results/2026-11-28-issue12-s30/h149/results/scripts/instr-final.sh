#!/usr/bin/env bash
# helper-149: base (08f7257) against HEAD (1626144): the request path (root and bench
# binaries, three rounds) and Reserve (cache binaries: ReserveTo written out), each round.
set -u
cd /tmp/s30/h149/repo
B=/tmp/s30/h149
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $B/old.test $B/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $B/old.test $B/new.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test
  GOGC=off bench/instructions.sh "BenchmarkDecisionKeyShapesFixedClock/key=short$" 100000 300000 $B/cold.test $B/cnew.test
done
