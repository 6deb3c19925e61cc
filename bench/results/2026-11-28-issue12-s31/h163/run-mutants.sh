#!/bin/bash
# runs each mutant of cache/slots.go in the worktree /tmp/s31/h163/mut, -race, the slot tests
cd /tmp/s31/h163/mut
for f in "$@"; do
  name=$(basename $f .go)
  cp $f cache/slots.go
  out=/tmp/s31/h163/results/mutants/$name.txt
  echo "== $name $(date -u +%T)" > $out
  timeout 300 go test -race -count=1 -p 1 -timeout 240s -run 'Slot|ForwardKeepsInstance|NoTombReuseWhileHeld' ./cache >> $out 2>&1
  echo "rc=$?" >> $out
  git checkout -q cache/slots.go
done
