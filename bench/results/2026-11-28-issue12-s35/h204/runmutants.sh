#!/bin/bash
# runs the cache tests (no race, -failfast) against each mutant of cache/slots.go
cd /tmp/s35/h204/mut
for m in "$@"; do
  git checkout -q cache/slots.go
  python3 /tmp/s35/h204/results/mutants.py $m || { echo "== $m PATCHFAIL"; continue; }
  echo "== $m $(date -u +%T)"
  go test -count=1 -failfast -timeout 15m ./cache 2>&1 | grep -E -- '^(--- FAIL|ok|FAIL|panic)|_test.go:[0-9]+:' | head -8
done
git checkout -q cache/slots.go
echo "== done $(date -u +%T)"
