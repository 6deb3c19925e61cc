#!/usr/bin/env bash
# Counts, per decision, the instructions and the simulated L1 and last-level
# data-cache misses of a BenchmarkDecide workload, with valgrind's cachegrind
# and its cache simulation: the counts at N2 iterations minus those at N1,
# divided by N2-N1, as bench/instructions.sh does. Run it with GOGC=off: at
# 1M keys a collection that falls in one run and not the other would count
# its own misses. The simulated caches are the host's, as cachegrind reads
# them; the last-level figure is noisy, the L1 one steady.
#
# Usage: GOGC=off bench/misses.sh BENCH-REGEX N1 N2 BINARY...
# where each BINARY is built with `cd bench && go test -c -o BINARY .`, e.g.
#   GOGC=off bench/misses.sh 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 /tmp/old.test /tmp/new.test
# Needs: valgrind, bc.
set -euo pipefail
if [ $# -lt 4 ]; then
	sed -n '2,14p' "$0" >&2
	exit 2
fi
bench=$1 n1=$2 n2=$3
shift 3
count() { # binary iterations -> "instructions D1-misses LLd-misses"
	valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=/dev/null "$1" \
		-test.run '^$' -test.bench "$bench" -test.benchtime "${2}x" -test.cpu 1 2>&1 |
		awk '/I *refs/ {gsub(",", "", $4); i = $4} /D1  misses/ {gsub(",", "", $4); d = $4} /LLd misses/ {gsub(",", "", $4); l = $4} END {print i, d, l}'
}
for b in "$@"; do
	read -r i1 d1 l1 < <(count "$b" "$n1")
	read -r i2 d2 l2 < <(count "$b" "$n2")
	n=$((n2 - n1))
	echo "$(basename "$b"): $(((i2 - i1) / n)) instructions, $(echo "scale=2; ($d2 - $d1) / $n" | bc) L1d misses, $(echo "scale=2; ($l2 - $l1) / $n" | bc) LLd misses per op ($bench)"
done
