#!/bin/bash
# helper-130's second batch (with the control), one process after another; uptime before and after each.
B=/tmp/s28/h130/benchratio2
R=/tmp/s28/h130/results/$1
mkdir -p $R
run() { # name args...
  local name=$1; shift
  { echo "# $(date -u +%H:%M:%S) $(uptime)"; echo "# benchratio $*"; $B "$@"; echo "# $(date -u +%H:%M:%S) $(uptime)"; } > $R/$name.txt 2>&1
}
cd /tmp/s28/h130/repo/bench
git log --oneline -1 > $R/commit.txt
run mem-1M-start -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter,project-1m1h,proto-hot,proto-hot-1m1h,proto-hot-1m1h-ptr
for i in 1 2 3 4; do
  run pair-1M-project1m1h-$i -pair project-1m1h -base proto-hot-1m1h -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial
  if [ $i -le 3 ]; then
    run pair-1M-ptr-$i -pair proto-hot-1m1h-ptr -base proto-hot-1m1h -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial
  fi
  if [ $i -le 2 ]; then
    run pair-1M-httprate-$i -pair httprate -base proto-hot-1m1h -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial
  fi
done
for i in 1 2 3; do
  run pair-1-10k-project1m1h-$i -pair project-1m1h -base proto-hot-1m1h -pairs 20 -benchtime 200ms -keys 1,10000 -workloads uniform/mode=serial
done
run mem-1M-end -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter,project-1m1h,proto-hot,proto-hot-1m1h,proto-hot-1m1h-ptr
touch $R/measure.done
