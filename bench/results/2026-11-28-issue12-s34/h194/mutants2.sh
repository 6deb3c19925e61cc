#!/bin/bash
while ! grep -q '^done' /tmp/s34/h194/results/mutants-summary.txt; do sleep 5; done
cd /tmp/s34/h194/mut/repo
R=/tmp/s34/h194/results
run() { name=$1 f=$2 py=$3 tr=$4
  git checkout -q -- cache
  python3 -c "$py" "$f" || { echo "$name: apply failed" >> $R/mutants-summary.txt; return; }
  git diff --stat | tail -1 > $R/mut-$name.txt
  go test -count=1 -run "$tr" ./cache >> $R/mut-$name.txt 2>&1
  echo "$name: $(tail -1 $R/mut-$name.txt) ; FAILs: $(grep -c -- '--- FAIL' $R/mut-$name.txt)" >> $R/mutants-summary.txt
  git checkout -q -- cache
}
DEL='import sys;p=sys.argv[1];s=open(p).read();a="\ts.batches.Add(1) // out until its refs are locked (see shard.batches)\n";b="\ts.batches.Add(-1)\n";assert s.count(a)==1 and s.count(b)==1, (s.count(a), s.count(b));open(p,"w").write(s.replace(a,"").replace(b,""))'
DEL2=${DEL//\\t/\\t\\t}
run takeStale-nocount cache/stale.go "$DEL" 'BatchOutAcrossRebuilds|TestStale'
run ageWriters-nocount cache/writers.go "$DEL2" 'BatchOutAcrossRebuilds|TestWriters|TestAge'
echo done2 >> $R/mutants-summary.txt
