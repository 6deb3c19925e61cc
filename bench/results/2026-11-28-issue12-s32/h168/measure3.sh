#!/bin/bash
# h168: a new key's instructions at MaxKeys, old = 962d2e7's cache test binary, new = a7d0961's.
D=/tmp/s32/h168
R=$D/results
cd $D/repo
until grep -q done $R/misses.txt 2>/dev/null; do sleep 10; done
export GOGC=off
for round in 1 2 3; do
  echo "== round $round" >> $R/instr-newkey.txt
  bench/instructions.sh 'BenchmarkNewKeyDetaching$' 10000 50000 $D/cold.test $D/cnewh.test >> $R/instr-newkey.txt 2>&1
  bench/instructions.sh 'BenchmarkNewKeyAtMaxKeys$' 100000 300000 $D/cold.test $D/cnewh.test >> $R/instr-newkey.txt 2>&1
done
echo done >> $R/instr-newkey.txt
