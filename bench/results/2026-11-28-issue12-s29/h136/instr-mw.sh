#!/bin/bash
out=$1; o=$2; n=$3; rounds=${4:-4}
cd /tmp/s29/h136/repo
for round in $(seq 1 $rounds); do
 echo "== round $round" >> $out
 for b in 'BenchmarkMiddleware$/client_credentials$' 'BenchmarkMiddleware$/password_with_aggregate$'; do
  GOGC=off bench/instructions.sh "$b" 50000 150000 $o $n >> $out 2>&1
 done
done
echo DONE >> $out
