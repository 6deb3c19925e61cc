#!/bin/bash
# h168's second measurement run: old = 962d2e7 (wt-old), new = a7d0961 (the branch head then).
D=/tmp/s32/h168
R=$D/results
cd $D/repo
export GOGC=off
for round in 1 2 3; do
  echo "== round $round" >> $R/instr-decide-head.txt
  bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/bnewh.test >> $R/instr-decide-head.txt 2>&1
  bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $D/bold.test $D/bnewh.test >> $R/instr-decide-head.txt 2>&1
done
unset GOGC
for w in old repo; do
  d=$D/wt-old; [ $w = repo ] && d=$D/repo
  for con in go-limiter project-1m1h; do
    echo "== $w $(git -C $d rev-parse --short HEAD) $con" >> $R/memory.txt
    (cd $d/bench && go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders $con) >> $R/memory.txt 2>&1
  done
done
export GOGC=off
for round in 1 2; do
  echo "== round $round" >> $R/misses.txt
  bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $D/bold.test $D/bnewh.test >> $R/misses.txt 2>&1
done
echo done >> $R/misses.txt
