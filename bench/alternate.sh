#!/usr/bin/env bash
# Times one benchmark of two or more test binaries (built with go test -c at
# the commits to compare), alternating them N times, each run a process of
# its own at -test.cpu 1, and prints each binary's median, min and max ns/op
# and the median and min–max of the per-round ratios to the first binary.
# On this project's shared 2-core machines a benchmark's ns/op moves by a
# quarter or more from one process to the next (and within one), so a
# lever worth a tenth shows only in the median of many alternated rounds:
# 30 rounds of 150 ms each take about a minute for two binaries.
#
# Usage: bench/alternate.sh BENCH-REGEX ROUNDS BINARY BINARY...
# for example
#   bench/alternate.sh 'BenchmarkDecide/keys=1$/lim=project$/dist=uniform/mode=serial' 30 /tmp/old.test /tmp/new.test
set -euo pipefail
if [ $# -lt 4 ]; then
	sed -n '2,14p' "$0" >&2
	exit 2
fi
bench=$1 rounds=$2
shift 2
declare -A ns
for _ in $(seq "$rounds"); do
	for b in "$@"; do
		v=$("$b" -test.run '^$' -test.bench "$bench" -test.benchtime 150ms -test.cpu 1 2>&1 | awk '/^Benchmark/ {print $3; exit}')
		if [ -z "$v" ]; then
			echo "alternate.sh: $b ran no benchmark matching $bench" >&2
			exit 1
		fi
		ns[$b]="${ns[$b]:-} $v"
	done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR] = $1} END {printf "median %s [%s-%s]", a[int((NR + 1) / 2)], a[1], a[NR]}'; }
for b in "$@"; do
	echo "$(basename "$b"): ns/op $(echo "${ns[$b]}" | median)"
done
first=$1
for b in "${@:2}"; do
	echo "$(basename "$b") / $(basename "$first"): $(paste -d' ' <(echo "${ns[$first]}" | tr ' ' '\n' | grep .) <(echo "${ns[$b]}" | tr ' ' '\n' | grep .) | awk '{print $2 / $1}' | tr '\n' ' ' | median) over $rounds rounds"
done
