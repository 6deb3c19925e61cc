#!/bin/bash
# An operator's view of a stop whose final flush fails: a store that does not answer
# (nothing listens on 127.0.0.1:18799), one token request, SIGTERM; /readyz and /metrics
# probed from the SIGTERM on, every 100 ms, until the exit; the exit status.
BIN=$1; P=$2
$BIN --listen 127.0.0.1:${P}0 --admin-listen 127.0.0.1:${P}1 --policy /tmp/s32/h170/repo/policy.example.yaml \
  --mongo-uri "mongodb://127.0.0.1:18799/?serverSelectionTimeoutMS=300&connectTimeoutMS=300" --final-flush-timeout 2s 2>server.log &
pid=$!
for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:${P}1/healthz && break; sleep 0.1; done
curl -s -o /dev/null -w 'token %{http_code}\n' -u demo-service:demo-secret -d grant_type=client_credentials http://127.0.0.1:${P}0/oauth2/token
t0=$(date +%s.%N); kill -TERM $pid
while kill -0 $pid 2>/dev/null; do
  t=$(echo "$(date +%s.%N) - $t0" | bc)
  r=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:${P}1/readyz)
  m=$(curl -s http://127.0.0.1:${P}1/metrics | grep -E '^oauth_ratelimit_sync_final_flush_unwritten' | tr '\n' ' ')
  printf '%5.2fs readyz=%s metrics: %s\n' $t $r "$m"
  sleep 0.1
done
wait $pid; echo "exit status $?"
grep -E '"msg":"(shutting down|final flush failed|stopped)"' server.log
