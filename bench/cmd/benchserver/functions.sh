#!/usr/bin/env bash
# Where a request's instructions go, by function: the benchserver runs under
# valgrind's cachegrind as in instructions.sh (GOMAXPROCS=1, CPU 0, hey on
# CPU 1 with post.lua's request over 16 connections), once with the flags
# FLAGS_A and once with FLAGS_B, each at two request counts; per function,
# the difference of its two counts over the difference of the requests is
# its count a request, free of start-up and shutdown. It prints the total
# of each and the functions whose count differs most between A and B (B - A,
# then A and B), as "file:function": cachegrind names code inlined into a
# function by the inlined code's file and the function it was inlined
# into. GOGC is passed on to the server, as instructions.sh does (use
# GOGC=off). BODY sets the request's form, as in instructions.sh.
#
# Usage: bench/cmd/benchserver/functions.sh HANDLER "FLAGS_A" "FLAGS_B" [n1] [n2] [rows]
# e.g.   GOGC=off bench/cmd/benchserver/functions.sh fixed "-limiter headers" "-limiter project -clock-tick 40ms -sync-interval 40s"
# (the headers alone against project-scaled: what the project adds beyond
# its five headers). BENCH_PORT (default 18191) is the port to serve on.
# Needs: valgrind, hey.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
if [ $# -lt 3 ]; then
	sed -n '2,18p' "$0" >&2
	exit 2
fi
handler=$1 flags_a=$2 flags_b=$3 n1=${4:-1000} n2=${5:-5000} rows=${6:-60}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bin=$dir/benchserver
go build -o "$bin" .
port=${BENCH_PORT:-18191}
url="http://127.0.0.1:$port/oauth2/token"

run() { # flags requests out: the server's cachegrind file, per function
	local pid
	# shellcheck disable=SC2086
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 taskset -c 0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$3" \
		"$bin" -listen "127.0.0.1:$port" -handler "$handler" $1 >"$3.log" 2>&1 &
	pid=$!
	for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
	taskset -c 1 hey -n "$2" -c 16 -m POST -T application/x-www-form-urlencoded \
		-H 'Authorization: Basic ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0' \
		-d "${BODY:-grant_type=client_credentials&scope=read}" "$url" >/dev/null
	kill -INT "$pid"
	wait "$pid" || true
}

run "$flags_a" "$n1" "$dir/a1"
run "$flags_a" "$n2" "$dir/a2"
run "$flags_b" "$n1" "$dir/b1"
run "$flags_b" "$n2" "$dir/b2"
echo "# $(date -u +%FT%TZ) $(go version | cut -d' ' -f3), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(valgrind --version), GOGC=${GOGC:-default}"
echo "# functions.sh $handler \"$flags_a\" \"$flags_b\" $n1 $n2"
# A cachegrind file names the file (fl=) and function (fn=) of the lines
# that follow, each "line Ir".
awk -v n1="$n1" -v n2="$n2" -v rows="$rows" '
FNR == 1 { f = FILENAME; sub(/.*\//, "", f) }
/^fl=/ { fl = substr($0, 4); next }
/^fn=/ { fn = fl ":" substr($0, 4); next }
/^[0-9]/ && NF >= 2 { c[f, fn] += $2; seen[fn] = 1 }
END {
	dn = n2 - n1
	for (k in seen) {
		a = (c["a2", k] - c["a1", k]) / dn
		b = (c["b2", k] - c["b1", k]) / dn
		ta += a; tb += b
		printf "%10.1f %10.1f %10.1f %s\n", b - a, a, b, k | "sort -gr > '"$dir"'/rows"
	}
	close("sort -gr > '"$dir"'/rows")
	printf "total a request: A %.0f, B %.0f, B - A %+.0f\n", ta, tb, tb - ta
	printf "%10s %10s %10s %s\n", "B - A", "A", "B", "file:function"
	n = 0
	while ((getline line < ("'"$dir"'/rows")) > 0) {
		all[++n] = line
	}
	for (i = 1; i <= n && i <= rows; i++) print all[i]
	print "..."
	for (i = (n - 7 > rows ? n - 7 : rows + 1); i <= n; i++) print all[i]
}' "$dir/a1" "$dir/a2" "$dir/b1" "$dir/b2"
