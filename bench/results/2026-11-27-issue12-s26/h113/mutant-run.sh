#!/bin/bash
# usage: run.sh NAME FILE PERL_EXPR PKG TESTREGEX
cd /tmp/s26/h113/repo
name=$1 file=$2 expr=$3 pkg=$4 re=$5
cp "$file" /tmp/s26/h113/mut/orig
perl -0pi -e "$expr" "$file"
if cmp -s "$file" /tmp/s26/h113/mut/orig; then echo "$name: MUTATION NOT APPLIED"; exit 1; fi
source /work/main/.tmp/services.env
out=$(timeout 300 go test -count=1 -run "$re" "$pkg" 2>&1)
rc=$?
cp /tmp/s26/h113/mut/orig "$file"
echo "$out" > /tmp/s26/h113/results/mutant-$name.txt
if [ $rc -eq 0 ]; then echo "$name: SURVIVED"; else echo "$name: killed ($(echo "$out" | grep -m1 -- '--- FAIL' ))"; fi
git -C /tmp/s26/h113/repo diff --stat | cat
