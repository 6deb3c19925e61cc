#!/bin/bash
# usage: run.sh ID file old new pkg testregex
cd /tmp/s26/h115/repo
id=$1 f=$2 old=$3 new=$4 pkg=$5 re=$6
python3 /tmp/s26/h115/mut/mutate.py "$f" "$old" "$new" || { echo "$id NOAPPLY"; exit; }
out=$(timeout 300 go test -count=1 -run "$re" "$pkg" 2>&1)
rc=$?
git checkout -q -- "$f"
if [ $rc -eq 0 ]; then echo "$id SURVIVED ($pkg -run '$re')"; else
  echo "$id KILLED by: $(echo "$out" | grep -E '^\s*--- FAIL' | head -3 | tr -s ' ' | tr '\n' ' ') $(echo "$out" | grep -m1 -E 'build failed|cannot|undefined|panic' )"; fi
echo "$out" > /tmp/s26/h115/mut/$id.out
