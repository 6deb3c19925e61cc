#!/bin/bash
cd /tmp/s35/h200/repo/cache
H=/tmp/s35/h200
for b in cold cnew; do echo "== $b SlotProbes"; $H/$b.test -test.run '^$' -test.bench 'BenchmarkSlotProbes$' -test.benchtime 1x -test.cpu 1 2>&1 | grep -E "Benchmark|ok"; done
for r in 1 2; do
  for b in cold cnew; do
    echo "== round $r $b $(date -u +%T)"
    $H/$b.test -test.run '^$' -test.bench 'BenchmarkNewKey$|BenchmarkRebuildAtMaxKeys' -test.benchtime 1s -test.cpu 1 -test.benchmem 2>&1 | grep -E "^Benchmark"
  done
done
echo done
