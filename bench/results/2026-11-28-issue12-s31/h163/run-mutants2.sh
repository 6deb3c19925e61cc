#!/bin/bash
# usage: run-mutants2.sh WORKTREE mutant.go...; -race -failfast, the slot tests, 150 s timeout
wt=$1; shift
cd $wt
for f in "$@"; do
  name=$(basename $f .go)
  cp $f cache/slots.go
  out=/tmp/s31/h163/results/mutants/$name.txt
  echo "== $name $(date -u +%T) (-race -failfast)" > $out
  timeout 200 go test -race -failfast -count=1 -p 1 -timeout 150s -run 'Slot|ForwardKeepsInstance|NoTombReuseWhileHeld' ./cache >> $out 2>&1
  echo "rc=$?" >> $out
  git checkout -q cache/slots.go
done
