#!/bin/bash
# usage: mut.sh NAME FILE PERL-EXPR PKG TESTREGEX
cd /tmp/s25/h102/repo
name=$1 file=$2 expr=$3 pkg=$4 run=$5
cp "$file" /tmp/s25/h102/mut.bak
perl -0pi -e "$expr" "$file"
if cmp -s "$file" /tmp/s25/h102/mut.bak; then echo "MUTANT $name: NOT APPLIED"; exit 1; fi
out=$(go test -count=1 -run "$run" "$pkg" 2>&1)
rc=$?
cp /tmp/s25/h102/mut.bak "$file"
if [ $rc -ne 0 ]; then echo "MUTANT $name: KILLED"; else echo "MUTANT $name: SURVIVED"; fi
echo "$out" | grep -E "^(---|ok|FAIL|\s+\S+_test.go)" | head -8
