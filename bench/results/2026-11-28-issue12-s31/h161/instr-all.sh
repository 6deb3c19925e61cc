#!/bin/bash
# h161: instruction counts, three rounds each. old = 2cabdb1, head = 19c2379
# (with the scratch BenchmarkNewKeyDetaching for the cache binaries *2),
# new = ba31756.
cd /tmp/s31/h161/repo
for r in 1 2 3; do
  echo "== round $r"
  GOGC=off bench/instructions.sh 'BenchmarkNewKeyDetaching$' 10000 50000 /tmp/s31/h161/oldcache2.test /tmp/s31/h161/headcache2.test /tmp/s31/h161/newcache3.test
  GOGC=off bench/instructions.sh 'BenchmarkNewKeyAtMaxKeys$' 100000 300000 /tmp/s31/h161/oldcache.test /tmp/s31/h161/headcache.test /tmp/s31/h161/newcache3.test
  GOGC=off bench/instructions.sh 'BenchmarkTakeDirtyFixedClock/keys=1000$' 20 60 /tmp/s31/h161/oldcache.test /tmp/s31/h161/headcache.test /tmp/s31/h161/newcache3.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/s31/h161/bhead.test /tmp/s31/h161/bnew3.test
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/s31/h161/bhead.test /tmp/s31/h161/bnew3.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 /tmp/s31/h161/head.test /tmp/s31/h161/new3.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 /tmp/s31/h161/head.test /tmp/s31/h161/new3.test
done
echo "== misses at 1M keys"
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 /tmp/s31/h161/bhead.test /tmp/s31/h161/bnew3.test
