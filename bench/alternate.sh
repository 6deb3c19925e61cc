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
# BENCH-REGEX must match exactly one benchmark: -test.bench matches each
# part of a name unanchored, so lim=project also matches
# lim=project-timenow; anchor each part with $ (the script stops if more
# than one runs).
#
# Usage: bench/alternate.sh BENCH-REGEX ROUNDS BINARY BINARY...
# for example
#   bench/alternate.sh 'BenchmarkDecide/keys=1$/lim=project$/dist=uniform/mode=serial' 30 /tmp/old.test /tmp/new.test
set -euo pipefail
usage() {
	sed -n '2,19p' "$0" >&2
	exit 2
}
[ $# -ge 4 ] || usage
bench=$1 rounds=$2
shift 2
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "alternate.sh: ROUNDS $rounds: want a whole number from 1" >&2; exit 2; }
bins=("$@")
for ((i = 0; i < ${#bins[@]}; i++)); do
	[ -x "${bins[i]}" ] || { echo "alternate.sh: ${bins[i]}: not an executable test binary" >&2; exit 2; }
done
# ns[i] holds binary i's figures, one per round, in order: binaries are
# told apart by position, so one given twice is run twice.
ns=()
for _ in $(seq "$rounds"); do
	for ((i = 0; i < ${#bins[@]}; i++)); do
		out=$("${bins[i]}" -test.run '^$' -test.bench "$bench" -test.benchtime 150ms -test.cpu 1 2>&1) || {
			echo "alternate.sh: ${bins[i]} failed:" >&2
			echo "$out" >&2
			exit 1
		}
		v=$(awk '/^Benchmark/ {n++; v = $3} END {if (n == 1) print v}' <<<"$out")
		if [ -z "$v" ]; then
			echo "alternate.sh: ${bins[i]}: $bench ran $(grep -c '^Benchmark' <<<"$out" || true) benchmarks, want exactly 1:" >&2
			grep '^Benchmark' <<<"$out" >&2 || true
			exit 1
		fi
		ns[i]="${ns[i]:-} $v"
	done
done
# median prints the median (the mean of the middle two of an even count),
# min and max of the numbers on its input, one per line.
median() {
	sort -g | awk '{a[NR] = $1} END {m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2; printf "median %.4g [%.4g-%.4g]", m, a[1], a[NR]}'
}
for ((i = 0; i < ${#bins[@]}; i++)); do
	echo "$((i + 1)): ${bins[i]}: ns/op $(tr ' ' '\n' <<<"${ns[i]}" | grep . | median)"
done
for ((i = 1; i < ${#bins[@]}; i++)); do
	echo "$((i + 1)) / 1: $(paste -d' ' <(tr ' ' '\n' <<<"${ns[0]}" | grep .) <(tr ' ' '\n' <<<"${ns[i]}" | grep .) | awk '{print $2 / $1}' | median) over $rounds rounds"
done
