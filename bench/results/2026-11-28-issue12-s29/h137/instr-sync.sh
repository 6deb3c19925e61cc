#!/bin/bash
# Instructions per op of the sync benchmarks, old (9c7422b + the two benchmark files) vs new.
H=/tmp/s29/h137
cd $H/repo/syncer
for r in 1 2; do
echo "== round $r"
GOGC=off $H/repo/bench/instructions.sh 'BenchmarkAppendPullHotFixedClock/keys=10000$' 20 60 $H/cache-old.test $H/cache-new.test
GOGC=off $H/repo/bench/instructions.sh 'BenchmarkTakeDirtyFixedClock/keys=10000$' 10 30 $H/cache-old.test $H/cache-new.test
GOGC=off $H/repo/bench/instructions.sh 'BenchmarkFlushOnce/memory/keys=1000$' 20 60 $H/syncer-old.test $H/syncer-new.test
GOGC=off $H/repo/bench/instructions.sh 'BenchmarkPullOnceUsed/memory/keys=1000$' 20 60 $H/syncer-old.test $H/syncer-new.test
done
