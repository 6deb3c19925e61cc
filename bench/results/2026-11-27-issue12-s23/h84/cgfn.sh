#!/usr/bin/env bash
# cgfn.sh handler variant N out: cachegrind (instruction counts) per function of the proxy process
# after N requests (hey -c 16, the request of post.lua); variant proxy or proxy-project-scaled (the
# oauth-ratelimit binary in $PROXYBIN)
set -u
handler=$1 variant=$2 n=$3 out=$4
cd /tmp/s23/h84/repo/bench/cmd/benchserver
GOMAXPROCS=1 taskset -c 1 /tmp/s23/h84/benchserver -listen 127.0.0.1:18192 -handler $handler -limiter none >/dev/null 2>&1 & up=$!
sleep 0.5
case $variant in
proxy) args="/tmp/s23/h84/benchserver -listen 127.0.0.1:18191 -upstream http://127.0.0.1:18192" ;;
proxy-project-scaled) args="$PROXYBIN --listen 127.0.0.1:18191 --admin-listen 127.0.0.1:18193 --upstream http://127.0.0.1:18192 --policy $PWD/proxy-policy.yaml --log-level warn --clock-tick 40ms --sync-interval 40s" ;;
esac
GOGC=off GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 taskset -c 0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$out $args >/dev/null 2>&1 &
pid=$!
for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:18191/" && break; sleep 0.1; done
taskset -c 1 hey -n "$n" -c 16 -m POST -T application/x-www-form-urlencoded \
	-H 'Authorization: Basic ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0' \
	-d 'grant_type=client_credentials&scope=read' "http://127.0.0.1:18191/oauth2/token" >/dev/null
kill -INT $pid; wait $pid
kill $up; wait $up
