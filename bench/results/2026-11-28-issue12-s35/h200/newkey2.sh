#!/bin/bash
cd /tmp/s35/h200/repo/cache
H=/tmp/s35/h200
for r in 1 2 3; do
  for b in cold cnew; do
    echo "== round $r $b $(date -u +%T)"
    $H/$b.test -test.run '^$' -test.bench 'BenchmarkRebuildAtMaxKeys/keys=200000' -test.benchtime 40000x -test.cpu 1 -test.benchmem 2>&1 | grep -E "^Benchmark" | grep -oE "^[^ ]+|[0-9.]+ (rebuilds/op|cpu-p99-ns|B/op)" | paste -sd' '
    $H/$b.test -test.run '^$' -test.bench 'BenchmarkNewKey$' -test.benchtime 500000x -test.cpu 1 -test.benchmem 2>&1 | grep -E "^Benchmark"
  done
done
echo done
