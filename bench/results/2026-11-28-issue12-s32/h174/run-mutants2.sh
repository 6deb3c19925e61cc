#!/bin/bash
while pgrep -f run-mutants.sh >/dev/null; do sleep 5; done
sel='TestSlot|TestGet|TestKeys|TestLookup|TestTable|TestHandedOut|TestForward|TestCacheForward|TestNoAllocs|TestFastPathsSameAsGeneral'
out=/tmp/s32/h174/results/mutant-nosplit-existing.log
echo "== nosplit, existing tests only $(date -u)" > $out
(cd /tmp/s32/h174/mut/nosplit && go test -count=1 -timeout 30m -run "$sel" ./cache > $out.full 2>&1; grep -E '^ *--- FAIL|^(FAIL|ok|panic)' $out.full; grep -E '_test.go:[0-9]+:' $out.full | cut -c1-300 | head -8) >> $out
echo "== done $(date -u)" >> $out
out=/tmp/s32/h174/results/mutant-noseqlock-race.log
echo "== noseqlock -race $(date -u)" > $out
(cd /tmp/s32/h174/mut/noseqlock && go test -race -count=1 -timeout 30m -run 'TestSlotProbeRacesChurn|TestSlotHomeWhilePublishing|TestSlotArenaGrowsUnderProbes|TestSlotListRacesRebuilds|TestH174LookupStress|TestTableStress|TestForwardStress' ./cache > $out.full 2>&1; grep -E '^ *--- FAIL|^(FAIL|ok|panic|fatal)|unexpected fault|DATA RACE' $out.full | sort | uniq -c; grep -E '_test.go:[0-9]+:' $out.full | cut -c1-300 | head -8) >> $out
echo "== done $(date -u)" >> $out
