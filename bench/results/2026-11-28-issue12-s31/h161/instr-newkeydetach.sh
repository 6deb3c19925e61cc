#!/bin/bash
# 4096 keys a shard (MaxKeys 65536 over 16 shards), every eviction detaching.
cd /tmp/s31/h161/repo
for r in 1 2 3; do
  echo "== round $r"
  GOGC=off bench/instructions.sh 'BenchmarkNewKeyDetaching$' 10000 50000 /tmp/s31/h161/oldcache2.test /tmp/s31/h161/headcache2.test /tmp/s31/h161/newcache2.test
done
echo "== timed (ns/op), 3 rounds alternating"
for r in 1 2 3; do for b in oldcache2 headcache2 newcache2; do echo -n "$b: "; /tmp/s31/h161/$b.test -test.run '^$' -test.bench NewKeyDetaching -test.benchtime 50000x | grep ^Bench; done; done
