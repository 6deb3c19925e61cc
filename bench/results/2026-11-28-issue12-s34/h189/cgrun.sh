#!/usr/bin/env bash
# cgrun.sh BIN HANDLER "FLAGS" N OUT PORT: the benchserver BIN under cachegrind (per-function counts kept),
# hey -n N -c 16 with post.lua's request (as instructions.sh sends it), then SIGINT; the cachegrind file in OUT.
set -euo pipefail
bin=$1 handler=$2 flags=$3 n=$4 out=$5 port=$6
url="http://127.0.0.1:$port/oauth2/token"
# shellcheck disable=SC2086
GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 taskset -c 0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file="$out" \
	"$bin" -listen 127.0.0.1:$port -handler "$handler" $flags >"$out.log" 2>&1 &
pid=$!
for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
taskset -c 1 hey -n "$n" -c 16 -m POST -T application/x-www-form-urlencoded \
	-H 'Authorization: Basic ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0' \
	-d "grant_type=client_credentials&scope=read" "$url" >/dev/null
kill -INT "$pid"
wait "$pid" || true
