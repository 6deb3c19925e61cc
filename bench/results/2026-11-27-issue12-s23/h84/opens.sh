#!/usr/bin/env bash
# opens.sh BINARY: wrk 16 connections, 5 s, through oauth-ratelimit --upstream BINARY to a fixed benchserver;
# prints requests and the machine's TCP ActiveOpens (connect() calls, any process) during the load
set -u
cd /tmp/s23/h84/repo/bench/cmd/benchserver
GOMAXPROCS=1 taskset -c 1 /tmp/s23/h84/benchserver -listen 127.0.0.1:18192 -handler fixed -limiter none 2>/dev/null & up=$!
GOMAXPROCS=1 taskset -c 0 $1 --listen 127.0.0.1:18191 --admin-listen 127.0.0.1:18193 --upstream http://127.0.0.1:18192 --policy $PWD/proxy-policy.yaml --log-level warn 2>/dev/null & px=$!
sleep 1
ao() { awk '/^Tcp:/ {if (h) print $6; h=1}' /proc/net/snmp; }
a=$(ao)
n=$(taskset -c 1 wrk -t1 -c16 -d5s -s post.lua http://127.0.0.1:18191/oauth2/token | awk '/requests in/ {print $1}')
b=$(ao)
echo "$1: $n requests, $((b - a)) TCP connections opened on the machine meanwhile ($(awk -v a=$((b-a)) -v n=$n 'BEGIN{printf "%.3f", a/n}') a request)"
kill $px $up; wait
