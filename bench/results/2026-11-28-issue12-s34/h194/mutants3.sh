#!/bin/bash
cd /tmp/s34/h194/mut/repo
R=/tmp/s34/h194/results; M="python3 $R/mutate.py"
run() { # name file old new testregex
  name=$1; shift
  git checkout -q -- cache
  $M "$1" "$2" "$3" || { echo "$name: apply failed" >> $R/mutants-summary.txt; return; }
  go test -count=1 -timeout 15m -run "$4" ./cache > $R/mut-$name.txt 2>&1
  echo "$name: $(tail -1 $R/mut-$name.txt) ; FAILs: $(grep -c -- '--- FAIL' $R/mut-$name.txt)" >> $R/mutants-summary.txt
  git checkout -q -- cache
}
L="TestLookup|TestGetWhileTablePublished|TestTableLookup"
run lookup-noProbePastHome cache/lookup.go '		if id != 0 {
				if j := t.probeShort' '		if id != 0 && false {
				if j := t.probeShort' "$L"
run relock-shard0 cache/decide.go 'e, tab = c.relock(c.shardOf(h), e' 'e, tab = c.relock(&c.shards[0], e' 'TestReserve|TestRelock|TestRecords|TestLookup|TestEvict|TestSweep|TestConserve'
run decideLocked-shard0 cache/decide.go 'c.decideLocked(c.shardOf(h), e, tiers' 'c.decideLocked(&c.shards[0], e, tiers' 'TestNewKey|TestStale|TestReserve|TestEvict|TestFastPath'
run markUse-dropped cache/decide.go 'if !e.is(unread) { // markUse' 'if false && !e.is(unread) { // markUse' 'TestStale|TestTakeFresh|TestNewKey|TestFresh'
run load-noOddCheck cache/slots.go 'if q&1 != 0 || p.seq.Load() != q {' 'if p.seq.Load() != q {' 'TestGetWhileTablePublished|TestTableLookup|TestLookup|TestPublish'
run load-noReread cache/slots.go 'if q&1 != 0 || p.seq.Load() != q {' 'if q&1 != 0 {' 'TestGetWhileTablePublished|TestTableLookup|TestLookup|TestPublish'
echo done >> $R/mutants-summary.txt
