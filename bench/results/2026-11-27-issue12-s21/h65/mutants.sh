#!/bin/bash
# mutants.sh DIR OLDNAMES(0/1): apply each mutant in DIR/cache, run the test that pins it, revert.
set -u
dir=$1; old=$2
cd "$dir"
run() { # name mutant-cmd test-regex
  local name=$1 cmd=$2 re=$3
  eval "$cmd"
  git diff --quiet cache/ && { echo "[$name] mutant did not apply"; return; }
  echo "[$name] go test -run '$re'"
  go test -count=1 -run "$re" ./cache/ 2>&1 | grep -E -- '--- FAIL|_test.go:[0-9]+:|^(ok|FAIL)' | sed -E 's/\(([0-9.]+)s\)//; s/[0-9.]+s$//' | head -8
  git checkout -q -- cache/sync.go cache/entry.go cache/cache.go
}
if [ "$old" = 1 ]; then P=R4; P5=R5; P6=R6; else P=; P5=; P6=; fi
run M1-takedirty-no-taken-skip "sed -i 's/^\t\t\tif e.is(taken) {/\t\t\tif false \&\& e.is(taken) {/' cache/sync.go" "^Test${P}InFlightDeltaNotDroppedAfterDuplicateAbort\$"
run M2-abort-keeps-takenDropped "sed -i '212s/e.more.takenDropped = false/_ = 0/' cache/sync.go" "^TestTakenDroppedSettles\$"
run M3-commit-detaches-past-cap "sed -i 's/^\t\tif c.detached.Load() >= int64(c.cfg.MaxKeys) {/\t\tif false \&\& c.detached.Load() >= int64(c.cfg.MaxKeys) {/' cache/entry.go" "^Test${P}DetachedStayWithinMaxKeys\$"
run M4-confirm-ignores-takenDropped "sed -i 's/if e.resets == p.resets \&\& !e.deltaDropped() {/if e.resets == p.resets {/' cache/sync.go" "^Test${P6}ConfirmAfterResetsWrap\$"
run M5-addLocal-subtraction-makes-orphan "sed -i 's/^\tif n > 0 \&\& (c == nil/\tif n != 0 \&\& (c == nil/' cache/entry.go" "^Test${P5}NoNegativeLocalAfterRetireBehindSyncer\$"
run M5-retired-size-frame-always-kept "sed -i 's/(e.lastUsed == 0 || startUnix+2\*sizeSec > e.lastUsedUnix())/true/' cache/entry.go" "^TestCommitToRetiredSize\$"
run M6-no-lastUsed-0-guard "sed -i 's/(e.lastUsed == 0 || startUnix+2\*sizeSec > e.lastUsedUnix())/(startUnix+2*sizeSec > e.lastUsedUnix())/' cache/entry.go" "^Test${P5}CommitToRetiredSizeBefore1970\$"
run M7-no-orphan-after-counter "sed -i 's/ || c != nil \&\& startUnix > c.start) {/) {/' cache/entry.go" "^Test${P}CommitIntoCounterRemadeBehind\$"
run M8-dropped-sums-sizes "sed -i 's/c.dropped.Add(Requests(victim.localFrames()))/c.dropped.Add(func() (n int64) { for _, f := range victim.localFrames() { n += f.N }; return n }())/' cache/cache.go" "^Test${P}DroppedCountsRequests\$"
