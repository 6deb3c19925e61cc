#!/bin/bash
# slowrun.sh LABEL BIN DB: one instance (h64-s) through the toxiproxy proxy "slow" (127.0.0.1:18471,
# upstream bandwidth limited beforehand), churn of new users at 20/s for 240 s with a burst of
# 200/s for 5 s at 20 s; every 10 s its flush counters; the instance stopped at the end.
label=$1; bin=$2; db=$3
out=/tmp/s21/h64/results/live-slow-$label.txt
cd /tmp/s21/h64/live/run
$bin --instance h64-s --listen 127.0.0.1:18645 --admin-listen 127.0.0.1:19645 \
  --mongo-uri 'mongodb://127.0.0.1:18471/?directConnection=true' --mongo-database $db \
  --policy /tmp/s21/h64/live/run/policy.yaml --demo-clients /tmp/s21/h64/live/run/demo-clients-many.yaml \
  >>/tmp/s21/h64/results/live-slow-server-$label.log 2>&1 &
pid=$!
echo "$label pid $pid bin $bin db $db start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" > $out
sleep 5
/tmp/s21/h64/live/bin/load -targets 127.0.0.1:18645 -d 240s -spec name=churn,client=mobile-app,secret=mobile-secret,grant=password,users=6000,prefix=u,pass=x,rps=20 > /tmp/s21/h64/results/live-slow-load-$label.txt 2>&1 &
lp=$!
( sleep 20; /tmp/s21/h64/live/bin/load -targets 127.0.0.1:18645 -d 5s -spec name=burst,client=mobile-app,secret=mobile-secret,grant=password,users=6000,prefix=u,pass=x,rps=200 > /tmp/s21/h64/results/live-slow-burst-$label.txt 2>&1 ) &
for i in $(seq 0 26); do
  m=$(curl -s -m 3 127.0.0.1:19645/metrics)
  echo "$(date -u +%T) t=$((i*10)) written=$(echo "$m" | awk '/^oauth_ratelimit_sync_keys_written_total /{print $2}') ok=$(echo "$m" | awk '/^oauth_ratelimit_sync_flushes_total\{result="ok"\}/{print $2}') err=$(echo "$m" | awk '/^oauth_ratelimit_sync_flushes_total\{result="error"\}/{print $2}') dirty=$(echo "$m" | awk '/^oauth_ratelimit_sync_dirty_keys /{print $2}') unsettled=$(echo "$m" | awk '/^oauth_ratelimit_sync_unsettled_writes /{print $2}') writes=$(echo "$m" | awk '/^oauth_ratelimit_sync_store_requests_total\{op="write"\}/{print $2}') werr=$(echo "$m" | awk '/^oauth_ratelimit_sync_store_errors_total\{op="write"\}/{print $2}')" >> $out
  sleep 10
done
wait $lp
kill $pid; wait $pid 2>/dev/null
echo "end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" >> $out
