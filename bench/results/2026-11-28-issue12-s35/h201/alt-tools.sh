#!/usr/bin/env bash
# hey and wrk alternated: in each round, one bench.sh round with hey, then one with wrk (the
# order of the tools swapped every round), the variants' order rotated by one each round as
# bench.sh rotates it; the round number rewritten into each run line. Output stamped.
set -euo pipefail
rounds=${1:-4}
dur=${2:-8s}
vs=(none headers headers-nolegacy project project-nolegacy httprate)
cd /tmp/s35/h201/repo
for r in $(seq "$rounds"); do
	rot=()
	for i in $(seq 0 $((${#vs[@]} - 1))); do rot+=("${vs[$(((i + r - 1) % ${#vs[@]}))]}"); done
	if [ $((r % 2)) = 1 ]; then tools="hey wrk"; else tools="wrk hey"; fi
	for t in $tools; do
		BENCH_PORT=18110 BENCH_TOOL=$t bench/cmd/benchserver/bench.sh 1 "$dur" "16" "fixed" "${rot[*]}" 2>&1 |
			sed -u "s/^run round=1 /run round=$r tool=$t /; s/^# /# [$t round $r] /" | /tmp/s35/h201/results/stamp.sh
	done
done
