#!/bin/bash
# usage: run.sh NAME FILE OLD NEW [RUNPATTERN]
cd /tmp/s33/h187/mut
name=$1 f=$2 old=$3 new=$4 pat=${5:-'TestSecondCounter|TestFastPathsSameAsGeneral|TestManySizes|TestWriteThroughReadOnly|TestPanicInTrack|TestCountsConserved|TestReload|TestLookupCounts|TestAheadRead|TestNoAllocs|TestEntry'}
git checkout -q -- .
python3 - "$f" "$old" "$new" <<'PY' || { echo "$name: PATCH FAILED"; exit 1; }
import sys
f,old,new=sys.argv[1:4]
s=open(f).read()
n=s.count(old)
if n!=1: sys.exit("count %d"%n)
open(f,'w').write(s.replace(old,new))
PY
out=/tmp/s33/h187/results/mutants/$name.txt
git diff > $out
go test -count=1 -timeout 20m -run "$pat" ./cache >> $out 2>&1
rc=$?
fails=$(grep -E '^--- FAIL: Test[A-Za-z0-9]+' -o $out | sort -u | sed 's/--- FAIL: //' | tr '\n' ' ')
panics=$(grep -m1 -E '^panic:' $out)
echo "$name rc=$rc fails: $fails $panics" | tee -a /tmp/s33/h187/results/mutants/summary.txt
git checkout -q -- .
