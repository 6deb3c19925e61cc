#!/usr/bin/env bash
# Counts the instructions one decision executes, per bench test binary, with
# valgrind's cachegrind: the count at N2 iterations of a BenchmarkDecide
# workload minus the count at N1, divided by N2-N1, so that start-up and
# populating the keys cancel out. A count does not move with the machine's
# load, so it compares commits on a shared machine where times do not.
# Use a workload with a fixed clock (lim=project-fixedclock): a coarse
# clock's ticks add instructions that depend on how slowly valgrind runs.
#
# With -misses it also simulates the caches (cachegrind --cache-sim=yes, the
# host's cache sizes) and prints the L1 and last-level data misses per op.
# Run that with GOGC=off: at 1M keys a collection that falls in one run and
# not the other counts its own misses. The L1 figure is steady, the
# last-level one noisy.
#
# Usage: [GOGC=off] bench/instructions.sh [-misses] BENCH-REGEX N1 N2 BINARY...
# where each BINARY is built with `cd bench && go test -c -o BINARY .` at the
# commit to measure, for example
#   bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/old.test /tmp/new.test
#   GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 /tmp/old.test /tmp/new.test
# Needs: valgrind (Debian: apt-get install -y valgrind), and bc for -misses.
set -euo pipefail
sim=no
if [ "${1:-}" = -misses ]; then
	sim=yes
	shift
fi
if [ $# -lt 4 ]; then
	sed -n '2,21p' "$0" >&2
	exit 2
fi
bench=$1 n1=$2 n2=$3
shift 3
count() { # binary iterations -> "instructions L1d-misses LLd-misses"
	valgrind --tool=cachegrind --cache-sim=$sim --cachegrind-out-file=/dev/null "$1" \
		-test.run '^$' -test.bench "$bench" -test.benchtime "${2}x" -test.cpu 1 2>&1 |
		awk '/I *refs/ {gsub(",", "", $4); i = $4} /D1  misses/ {gsub(",", "", $4); d = $4} /LLd misses/ {gsub(",", "", $4); l = $4} END {print i, d + 0, l + 0}'
}
for b in "$@"; do
	read -r i1 d1 l1 < <(count "$b" "$n1")
	read -r i2 d2 l2 < <(count "$b" "$n2")
	n=$((n2 - n1))
	if [ $sim = yes ]; then
		echo "$(basename "$b"): $(((i2 - i1) / n)) instructions/op, $(echo "scale=2; ($d2 - $d1) / $n" | bc) L1d misses/op, $(echo "scale=2; ($l2 - $l1) / $n" | bc) LLd misses/op ($bench)"
	else
		echo "$(basename "$b"): $(((i2 - i1) / n)) instructions/op ($bench)"
	fi
done
