#!/usr/bin/env bash
# Counts the instructions one decision executes, per bench test binary, with
# valgrind's cachegrind: the count at N2 iterations of a BenchmarkDecide
# workload minus the count at N1, divided by N2-N1, so that start-up and
# populating the keys cancel out. A count does not move with the machine's
# load, so it compares commits on a shared machine where times do not.
# Use a workload with a fixed clock (lim=project-fixedclock): a coarse
# clock's ticks add instructions that depend on how slowly valgrind runs.
#
# Usage: bench/instructions.sh BENCH-REGEX N1 N2 BINARY...
# where each BINARY is built with `cd bench && go test -c -o BINARY .` at the
# commit to measure, for example
#   bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 /tmp/old.test /tmp/new.test
# Needs: valgrind (Debian: apt-get install -y valgrind).
set -euo pipefail
if [ $# -lt 4 ]; then
	sed -n '2,16p' "$0" >&2
	exit 2
fi
bench=$1 n1=$2 n2=$3
shift 3
count() { # binary iterations
	valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$1" \
		-test.run '^$' -test.bench "$bench" -test.benchtime "${2}x" -test.cpu 1 2>&1 |
		awk '/I *refs/ {gsub(",", "", $4); print $4}'
}
for b in "$@"; do
	a=$(count "$b" "$n1")
	c=$(count "$b" "$n2")
	echo "$(basename "$b"): $(((c - a) / (n2 - n1))) instructions/op ($bench)"
done
