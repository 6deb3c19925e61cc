#!/bin/bash
# Proxy mode, a store that does not answer (nothing on 127.0.0.1:18899), --final-flush-timeout $2,
# a few password grants whose answers carry refresh tokens (bindings learned, to be written),
# SIGTERM; the time from SIGTERM to "final flush failed" and to the exit.
BIN=$1; FF=$2; P=1883
python3 upstream.py 18839 & up=$!
sleep 0.5
$BIN --listen 127.0.0.1:${P}0 --admin-listen 127.0.0.1:${P}1 --upstream http://127.0.0.1:18839 \
  --upstream-timeout 1s --shutdown-timeout 2s \
  --mongo-uri "mongodb://127.0.0.1:18899/?connectTimeoutMS=300" --final-flush-timeout $FF 2>server-$FF.log &
pid=$!
for i in $(seq 80); do curl -s -o /dev/null http://127.0.0.1:${P}1/healthz && break; sleep 0.1; done
for u in alice bob carol; do
  curl -s -o /dev/null -w "password grant $u: %{http_code}\n" -u app:secret -d "grant_type=password&username=$u&password=x" http://127.0.0.1:${P}0/oauth2/token
done
curl -s http://127.0.0.1:${P}1/metrics | grep -E '^oauth_ratelimit_refresh_subjects_(learned|written)_total'
t0=$(date +%s.%N); kill -TERM $pid
wait $pid; rc=$?; t=$(echo "$(date +%s.%N) - $t0" | bc)
echo "--final-flush-timeout $FF: exit status $rc after ${t}s from SIGTERM"
grep -E '"msg":"(shutting down|final flush failed|stopped)"' server-$FF.log | cut -c1-160
kill $up
