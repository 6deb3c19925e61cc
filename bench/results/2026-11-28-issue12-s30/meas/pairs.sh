#!/bin/bash
# alternate the binaries at 08f7257 (before the hot line) and at HEAD, one process each in turn
cd /work/main/bench
for base in project project-1m1h; do
  for i in 1 2 3 4; do
    for b in new old; do
      bin=/tmp/s30/benchratio; [ $b = old ] && bin=/tmp/s30/benchratio-08f7257
      echo "== $base $b round $i $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
      $bin -pair httprate -base $base -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial 2>&1 | grep -E 'keys=1000000.*(quartiles|of 20)' | tail -1
    done
  done
done
