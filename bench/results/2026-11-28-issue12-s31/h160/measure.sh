#!/usr/bin/env bash
# usage: measure.sh OUT OLDROOT OLDBENCH NEW... (pairs: root bench)
set -u
cd /tmp/s31/h160/repo
out=$1; shift
roots=(); benches=()
while [ $# -gt 0 ]; do roots+=("$1"); benches+=("$2"); shift 2; done
{
echo "# $(date -u) $(grep -m1 'model name' /proc/cpuinfo)"
for r in 1 2 3; do
  echo "## round $r"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 "${benches[@]}"
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 "${benches[@]}"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 "${roots[@]}"
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 "${roots[@]}"
done
echo "# done $(date -u)"
} > "$out" 2>&1
