#!/usr/bin/env bash
cd /tmp/s30/h146/repo
for lim in project-fixedclock project-1m1h-fixedclock; do
  echo "== $lim $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  GOGC=off bench/instructions.sh -misses "BenchmarkDecide/keys=1000000\$/lim=$lim\$/dist=uniform/mode=serial" 200000 600000 /tmp/s30/h146/bold.test /tmp/s30/h146/bnew.test
done
echo "== done $(date -u +%T)"
