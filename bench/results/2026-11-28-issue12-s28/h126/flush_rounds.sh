#!/bin/bash
# syncer/mongostore BenchmarkFlushOnce/keys=1000 on FerretDB v1.24 (MONGODB_URI), old (c512f85) and new (74b6189) alternating, 3 rounds.
source /tmp/s28/h126/repo/.tmp/services.env
cd /tmp/s28/h126/repo/syncer/mongostore
for r in 1 2 3; do
  for v in old new; do
    echo "### round $r $v $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)"
    /tmp/s28/h126/${v}_mongostore.test -test.run XXX -test.bench 'BenchmarkFlushOnce/keys=1000$' -test.benchmem -test.benchtime 5x -test.count 1 2>&1 | grep -E "^Benchmark|FAIL|error" | sed "s/^/$v /"
  done
done
