#!/bin/bash
# run from /tmp/s33/h184/mut (worktree at 5b87ca2); each mutant is a sed on syncer/flush.go
cd /tmp/s33/h184/mut
run() {
  name=$1; shift
  git checkout -q -- syncer/flush.go
  sed -i "$@" syncer/flush.go
  if git diff --quiet; then echo "== $name: SED DID NOTHING"; return; fi
  echo "== $name"; git diff -U0 syncer/flush.go | grep '^[-+][^-+]'
  go test -count=1 -run "$RUN" ./syncer/ 2>&1 | grep -E '^(--- FAIL|ok|FAIL)|want' | head -12
}
RUN=${RUN:-'Add|Resen|Resent|Lost|Conflict|Unsettled|Settle|Late|Seq|Back|Reset|Epoch|Unreadable|Gone'}
run M0-revert 's/case c.prior \&\& (c.w.Add \&\& addCanLand(\&c.w, d, s.writer) || !c.w.Add \&\& c.w.Matches(d)):/case c.prior \&\& !c.w.Add \&\& c.w.Matches(d):/'
run M1-noVersion 's/return d.Snapshot.Version != 0 \&\& d.Snapshot.Epoch/return d.Snapshot.Epoch/'
run M2-noEpoch 's/ \&\& d.Snapshot.Epoch == w.Epoch//'
run M3-noSeq 's/ \&\& d.LastWrites\[writer\] < w.Seq$//'
run M4-noPriorForAdd 's/case c.prior \&\& (c.w.Add \&\& addCanLand(\&c.w, d, s.writer) || !c.w.Add \&\& c.w.Matches(d)):/case c.w.Add \&\& addCanLand(\&c.w, d, s.writer) || c.prior \&\& !c.w.Add \&\& c.w.Matches(d):/'
git checkout -q -- syncer/flush.go
