#!/bin/bash
# each mutant: the cache package's tests of lookup, slots, keys and forwarding (non-race, then -race for the ordering mutants)
sel='TestSlot|TestGet|TestKeys|TestH174LookupStress|TestLookup|TestTable|TestHandedOut|TestForward|TestCacheForward|TestNoAllocs|TestFastPathsSameAsGeneral'
for m in "$@"; do
  wt=/tmp/s32/h174/mut/$m
  out=/tmp/s32/h174/results/mutant-$m.log
  echo "== $m $(date -u)" > $out
  (cd $wt && go test -count=1 -timeout 30m -run "$sel" ./cache > $out.full 2>&1; grep -E '^ *--- FAIL|^(FAIL|ok|panic)' $out.full; grep -E '_test.go:[0-9]+:' $out.full | cut -c1-300 | head -8) >> $out
  case $m in ident-first|rebuild-ident-first|noseqlock)
    echo "== $m -race $(date -u)" >> $out
    (cd $wt && go test -race -count=1 -timeout 30m -run 'TestSlotProbeRacesChurn|TestSlotHomeWhilePublishing|TestSlotArenaGrowsUnderProbes|TestSlotListRacesRebuilds|TestH174LookupStress|TestTableStress|TestForwardStress' ./cache 2>&1 | grep -E '^(--- FAIL|FAIL|ok|panic|WARNING: DATA RACE)|_test.go:[0-9]+:' | sort | uniq -c | head -60) >> $out
  esac
  echo "== done $(date -u)" >> $out
done
