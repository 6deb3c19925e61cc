#!/bin/bash
cd /tmp/s34/h194/mut/repo
R=/tmp/s34/h194/results; M="python3 $R/mutate.py"
run() { # name file old new testregex
  name=$1; shift
  git checkout -q -- cache
  $M "$1" "$2" "$3" || { echo "$name: apply failed" >> $R/mutants-summary.txt; return; }
  go test -count=1 -run "$4" ./cache > $R/mut-$name.txt 2>&1
  echo "$name: $(tail -1 $R/mut-$name.txt) ; FAILs: $(grep -c -- '--- FAIL' $R/mut-$name.txt)" >> $R/mutants-summary.txt
  git checkout -q -- cache
}
L='TestLookup|TestGet|TestTable|TestFastPath|TestDecisionKey|TestKey'
run lookup-noHotKeyLen cache/lookup.go 'shortParts(n, m) && n+m <= hotKeyLen && c.testHash == nil' 'shortParts(n, m) && c.testHash == nil' "$L"
run lookupFrom-skipHome cache/lookup.go 'if j := t.probeFrom(i, k, h); j >= 0 {' 'if j := t.probeFrom(i+1, k, h); j >= 0 {' "$L"
run lookupWords-arenaNoHolds cache/lookup.go '			if t.holds(int(i), k) {
				return entry{l, t.coldAt(int(i))}, t, h' '			if true {
				return entry{l, t.coldAt(int(i))}, t, h' "$L"
run lookup-noProbePastHome cache/lookup.go '		if id != 0 {
				if j := t.probeShort' '		if id != 0 && false {
				if j := t.probeShort' "$L"
run relock-shard0 cache/decide.go 'e, tab = c.relock(c.shardOf(h), e' 'e, tab = c.relock(&c.shards[0], e' '.'
run decideLocked-shard0 cache/decide.go 'c.decideLocked(c.shardOf(h), e, tiers' 'c.decideLocked(&c.shards[0], e, tiers' '.'
run markUse-dropped cache/decide.go 'if !e.is(unread) { // markUse' 'if false && !e.is(unread) { // markUse' '.'
run load-noOddCheck cache/slots.go 'if q&1 != 0 || p.seq.Load() != q {' 'if p.seq.Load() != q {' '.'
run load-noReread cache/slots.go 'if q&1 != 0 || p.seq.Load() != q {' 'if q&1 != 0 {' '.'
echo done >> $R/mutants-summary.txt
