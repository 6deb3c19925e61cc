#!/bin/bash
# more middleware rounds, new binary first: old = 9e80055, new = c68db06
B=/tmp/s34/h188
cd /tmp/s34/h188/repo
for r in 4 5 6; do
  echo "== round $r $(date +%T)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $B/new.test $B/old.test
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $B/new.test $B/old.test
done
echo "== done $(date +%T)"
