#!/usr/bin/env bash
cd /tmp/s33/h176/repo
for lim in project-fixedclock project-1m1h-fixedclock; do
  echo "== $lim $(date -u +%T)"
  GOGC=off bench/instructions.sh -misses "BenchmarkDecide/keys=1000000\$/lim=$lim\$/dist=uniform/mode=serial" 200000 600000 /tmp/s33/h176/bold.test /tmp/s33/h176/bnew.test
done
echo "== done $(date -u +%T)"
