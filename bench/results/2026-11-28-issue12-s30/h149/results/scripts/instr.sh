#!/usr/bin/env bash
# helper-149: the request path's instructions, OLD vs NEW binaries, three rounds.
# Usage: instr.sh OLDROOT NEWROOT OLDBENCH NEWBENCH
set -u
cd /tmp/s30/h149/repo
for r in 1 2 3; do
  echo "== round $r $(date -u +%H:%M:%S)"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 "$1" "$2"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 "$1" "$2"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 "$3" "$4"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 "$3" "$4"
done
