#!/bin/bash
cd /tmp/s32/h168/wt-check
for c in $(git rev-list --reverse 962d2e7..$1); do
  git checkout -q $c
  echo "== $c $(git log -1 --format=%s | cut -c1-80)"
  go vet ./cache && go test -count=1 ./cache 2>&1 | tail -2
done
