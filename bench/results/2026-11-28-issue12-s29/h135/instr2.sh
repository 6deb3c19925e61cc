#!/bin/bash
# instruction counts, old (9c7422b) vs new (f70daa0), three rounds each; then the plain path (cache's own benchmarks, which call Reserve with plain tiers)
cd /tmp/s29/h135/repo
D=/tmp/s29/h135
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $D/old.test $D/new.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $D/old.test $D/new.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/bnew.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/bnew.test
done
echo "== plain tiers (cache.Reserve -> ReserveTo) $(date -u +%H:%M:%S)"
for b in 'BenchmarkDecisionAfterReloadFixedClock/reload=none$' 'BenchmarkDecisionAfterReloadFixedClock/reload=1m1h-to-1m$' 'BenchmarkDecisionAfterReloadFixedClock/reload=1m-to-10s$' 'BenchmarkDecisionAfterReloadFixedClock/reload=1m-to-10s1h$' 'BenchmarkDecisionKeyShapesFixedClock/key=short$' 'BenchmarkDecisionSharedKey/clock=fixed$'; do
  GOGC=off bench/instructions.sh "$b" 100000 300000 $D/cold.test $D/cnew.test
done
echo "== end $(date -u +%H:%M:%S)"
