#!/usr/bin/env bash
# helper-149: item 4's mutant C, in /tmp/s30/h149/mut at 9793e9c: Sweep's idle
# "forgets" what a key's first counter was flushed since its read once the key
# has nothing in flight (a write meant to persist, which nothing stores).
cd /tmp/s30/h149/mut
out=/tmp/s30/h149/results
sed -i 's/^\te := le.openRead()$/\te := le.openRead()\n\tif e.reserved == 0 {\n\t\te.first.sinceRead = 0 \/\/ mutant C\n\t}/' cache/evict.go
git diff
go test -count=1 -p 1 ./cache/ > $out/item4-mutantC.log 2>&1; echo "exit $?" >> $out/item4-mutantC.log
sed -i 's/^\tif readCheck != nil {$/\tif false \&\& readCheck != nil { \/\/ mutant A/' cache/open.go
git diff --stat
go test -count=1 -p 1 -skip TestWriteThroughReadOnlyOpenPanics ./cache/ > $out/item4-mutantAC.log 2>&1; echo "exit $?" >> $out/item4-mutantAC.log
git checkout -q cache/open.go cache/evict.go
