#!/usr/bin/env bash
for tree in repo base; do
  cd /tmp/s30/h146/$tree/bench
  for ct in go-limiter project-1m1h; do
    echo "== $tree $(git log --oneline -1 | cut -c1-7) -contenders $ct $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
    go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders $ct 2>&1 | grep -iE 'B/key|bytes|memory|B a key|heap' | head -8
  done
done
echo "== done $(date -u +%T)"
