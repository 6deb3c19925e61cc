#!/bin/bash
# helper-128's measurements, one process after another; uptime before and after each.
B=/tmp/s28/h128/benchratio
R=/tmp/s28/h128/results
run() { # name args...
  local name=$1; shift
  { echo "# $(date -u +%H:%M:%S) $(uptime)"; echo "# benchratio $*"; $B "$@"; echo "# $(date -u +%H:%M:%S) $(uptime)"; } > $R/$name.txt 2>&1
}
cd /tmp/s28/h128/repo/bench
for i in 1 2 3 4; do
  run pair-1M-httprate-$i -pair httprate -base proto-hot -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial
  run pair-1M-project-$i -pair project -base proto-hot -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial
done
for i in 1 2 3; do
  run pair-1-10k-project-$i -pair project -base proto-hot -pairs 20 -benchtime 200ms -keys 1,10000 -workloads uniform/mode=serial
  run pair-1M-ref-httprate-project-$i -pair httprate -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial
done
run mem-1M-end -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter,proto-hot
touch $R/measure.done
