#!/bin/bash
# srvmeasure.sh BIN N LABEL: start the server on policy pN.yaml (no store), time it to
# "listening", then RSS/heap and a /metrics scrape idle; 20 configured clients x 20 requests and one
# unknown; scrape again; POST /admin/reload of the file with one limit changed, timed; RSS after.
bin=$1 n=$2 label=$3; D=/tmp/s26/h109/run/srv; R=/tmp/s26/h109/results/server
log=$R/$label-$n.log; : > $log
cp $D/p$n.yaml $D/cur.yaml
t0=$(date +%s.%N)
SOAK_PPROF=127.0.0.1:23130 $bin --listen 127.0.0.1:23110 --admin-listen 127.0.0.1:23120 --upstream http://127.0.0.1:23001 --policy $D/cur.yaml > $log 2>&1 &
pid=$!
for i in $(seq 1 1200); do grep -q '"listening"' $log && break; sleep 0.1; done
t1=$(date +%s.%N)
rss() { awk '/VmRSS/{print $2}' /proc/$pid/status; }
heap() { curl -s 127.0.0.1:23120/metrics | awk '$1=="go_memstats_heap_inuse_bytes"{printf "%.1f", $2/1e6}'; }
scrape() { curl -s -o /dev/null -w '%{size_download}B/%{time_total}s' 127.0.0.1:23120/metrics; }
sleep 2
r0=$(rss); h0=$(heap); s0=$(scrape); s0b=$(scrape)
step=$(( n / 20 )); ids=$(grep -oP '^  \K[A-Za-z0-9]{3}(?=: \*a)' $D/cur.yaml | awk -v s=$step 'NR%s==1' | head -20)
for id in $ids; do for k in $(seq 1 20); do curl -s -o /dev/null -u "$id:s" -d grant_type=client_credentials 127.0.0.1:23110/oauth2/token; done; done
for k in $(seq 1 20); do curl -s -o /dev/null -u "unknown-$k:s" -d grant_type=client_credentials 127.0.0.1:23110/oauth2/token; done
r1=$(rss); h1=$(heap); s1=$(scrape)
sed -i "s/limit: 600, window: 1m/limit: 601, window: 1m/" $D/cur.yaml
t2=$(date +%s.%N); code=$(curl -s -o $R/$label-$n-reload.json -w '%{http_code}' -X POST -H 'Content-Type: application/json' 127.0.0.1:23120/admin/reload); t3=$(date +%s.%N)
sleep 1; r2=$(rss); h2=$(heap)
curl -s -o $R/$label-$n-heap.pb.gz "127.0.0.1:23130/debug/pprof/heap?gc=1"
echo "$label n=$n ready=$(echo "$t1-$t0"|bc|cut -c1-5)s rss_idle=${r0}kB heap_inuse_idle=${h0}MB scrape_idle=$s0,$s0b rss_loaded=${r1}kB heap_loaded=${h1}MB scrape_loaded=$s1 reload=$code/$(echo "$t3-$t2"|bc|cut -c1-5)s rss_after_reload=${r2}kB heap_after_reload=${h2}MB load=$(cut -d' ' -f1 /proc/loadavg)"
kill $pid; wait $pid 2>/dev/null
