#!/bin/bash
# Alternates the old (c512f85 + the benchmark file) and new test binaries of
# syncer/mongostore, BenchmarkUpdateModel, 6 rounds each.
set -e
for r in 1 2 3 4 5 6; do
  for v in old new; do
    echo "### round $r $v $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    /tmp/s28/h126/${v}_mongostore.test -test.run XXX -test.bench BenchmarkUpdateModel -test.benchmem -test.benchtime 1s -test.count 1 | grep ^Benchmark | sed "s/^/$v /"
  done
done
