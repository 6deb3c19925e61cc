#!/bin/sh
cd /tmp/s35/h204/repo/bench
K=100000,150000,198000,250000,392000,500000,746000,800000,1000000,1500000,2000000
for b in /tmp/s35/h204/benchratio-head /tmp/s35/h200/benchratio-base; do
  echo "== $b $(date -u +%T)"
  $b -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter,project-1m1h -memkeys $K
done
echo "== done $(date -u +%T)"
