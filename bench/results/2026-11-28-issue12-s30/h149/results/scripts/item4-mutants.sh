#!/usr/bin/env bash
# helper-149: item 4's mutants, in the worktree /tmp/s30/h149/mut at 9793e9c.
cd /tmp/s30/h149/mut
out=/tmp/s30/h149/results
# A: doneReading checks nothing (as before the change: no sign).
sed -i 's/^\tif readCheck != nil {$/\tif false \&\& readCheck != nil { \/\/ mutant A/' cache/open.go
git diff --stat
go test -count=1 -run TestWriteThroughReadOnlyOpenPanics ./cache/ > $out/item4-mutantA.log 2>&1; echo "exit $?" >> $out/item4-mutantA.log
git checkout -q cache/open.go
# B: idle rolls the key's counters to now on its read-only open (a write nothing stores).
sed -i 's/^\te := le.openRead()$/\te := le.openRead()\n\te.rollEach(nowUnix) \/\/ mutant B/' cache/evict.go
git diff --stat
go test -count=1 -p 1 ./cache/ > $out/item4-mutantB.log 2>&1; echo "exit $?" >> $out/item4-mutantB.log
# B without the check (A too): what production would see.
sed -i 's/^\tif readCheck != nil {$/\tif false \&\& readCheck != nil { \/\/ mutant A/' cache/open.go
git diff --stat
go test -count=1 -p 1 -skip TestWriteThroughReadOnlyOpenPanics ./cache/ > $out/item4-mutantAB.log 2>&1; echo "exit $?" >> $out/item4-mutantAB.log
git checkout -q cache/open.go cache/evict.go
