#!/bin/bash
# usage: mut.sh NAME FILE PERL_EXPR PKG TESTREGEX
cd /tmp/s24/h95/repo
name=$1 file=$2 expr=$3 pkg=$4 re=$5
perl -0pi -e "$expr" "$file"
if git diff --quiet -- "$file"; then echo "$name: MUTATION NOT APPLIED"; exit 1; fi
out=$(timeout 600 go test -count=1 -run "$re" "$pkg" 2>&1)
rc=$?
git checkout -q -- "$file"
echo "== $name rc=$rc" >> /tmp/s24/h95/results/mutations.txt
echo "$out" | grep -E "^(---|ok|FAIL|panic)|_test.go:[0-9]+:" | head -20 >> /tmp/s24/h95/results/mutations.txt
echo "$name: rc=$rc"; echo "$out" | grep -E "^(--- FAIL|ok|FAIL)" | head -8
