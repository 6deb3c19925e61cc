#!/bin/sh
# alternate old (main 23f7005) and new (the switch) pair runs: httprate/project at 1M keys uniform serial
for r in 1 2; do
 for t in oldtree sw; do
  echo "== $t round $r $(date -u +%H:%M:%S) load $(cut -d' ' -f1 /proc/loadavg)"
  (cd /tmp/s32/ir/$t/bench && go run ./cmd/benchratio -pair httprate -base project -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial 2>&1 | tail -2)
 done
done
