#!/bin/bash
# run.sh N TAG SERIAL(true|false) SKIPWAIT  — one fleet run; output in runs/TAG
set -u
N=$1; TAG=$2; SERIAL=${3:-true}
D=/tmp/s17/h40/runs/$TAG; mkdir -p $D; cd $D
DB=h40_${TAG}
FERRET=127.0.0.1:44553
/tmp/s17/h40/wpbin -upstream $FERRET -serial=$SERIAL > wp.log 2>&1 &
WP=$!; echo $WP > wp.pid
sleep 1
ADDR=$(awk '/^ADDR/{print $2}' wp.log)
URI="mongodb://$ADDR/?directConnection=true&serverMonitoringMode=poll&heartbeatFrequencyMS=60000&connectTimeoutMS=2000"
echo "uri $URI db $DB" > meta.txt
: > urls.txt; : > pids.txt
for i in $(seq 0 $((N-1))); do
  /tmp/s17/h40/bin --instance i$i --listen 127.0.0.1:$((18000+i)) --admin-listen 127.0.0.1:$((19000+i)) \
    --mongo-uri "$URI" --mongo-database $DB --policy /tmp/s17/h40/policy.yaml --policy-watch=false \
    --demo-clients /tmp/s17/h40/clients.yaml --mode enforce > srv$i.log 2>&1 &
  echo $! >> pids.txt
  echo http://127.0.0.1:$((18000+i)) >> urls.txt
done
for i in $(seq 0 $((N-1))); do
  for k in $(seq 50); do curl -sf http://127.0.0.1:$((19000+i))/healthz >/dev/null && break; sleep 0.2; done
done
echo "up $(date -u +%T)" >> meta.txt
scrape() { # $1 label
  ts=$(date +%s)
  for i in $(seq 0 $((N-1))); do
    curl -s -m 5 http://127.0.0.1:$((19000+i))/metrics | grep -v "^#" | grep "oauth_ratelimit_sync\|tokens_issued\|live_instances\|store_up\|store_outage\|share_refusals\|decisions_total\|go_memstats_heap_inuse\|process_resident\|process_cpu" | sed "s/^/$ts i$i /" >> metrics.txt
  done
  ps -o pid=,rss=,cputimes=,comm= -p $(paste -sd, pids.txt) | awk -v ts=$ts '{print ts, "srv", $0}' >> ps.txt
  ps -eo pid=,rss=,cputimes=,comm=,args= | grep -E "ferretdb|postgres: 15/main: oauth|wpbin|lgbin" | grep -v grep | awk -v ts=$ts '{print ts, "other", $1,$2,$3,$4,$5,$6,$7}' >> ps.txt
  for i in $(seq 0 $((N-1))); do
    echo "$ts i$i hotrr $(curl -s -m 5 http://127.0.0.1:$((19000+i))/admin/keys/hotrr | tr -d '\n ')" >> keys.txt
    echo "$ts i$i u0 $(curl -s -m 5 http://127.0.0.1:$((19000+i))/admin/keys/app/u0 | tr -d '\n ')" >> keys.txt
  done
  cat /proc/loadavg | sed "s/^/$ts load /" >> ps.txt
}
# start at the next minute boundary
now=$(date +%s); wait=$(( 60 - now % 60 )); [ -z "${SKIPWAIT:-}" ] && sleep $wait
echo "start $(date +%s)" >> meta.txt
scrape
/tmp/s17/h40/lgbin -urls urls.txt -d ${DUR:-3m} -o answers.csv &
LG=$!
k=0
while kill -0 $LG 2>/dev/null; do
  sleep 10; scrape; k=$((k+1))
  if (( k % 3 == 0 )); then curl -s -m 5 http://127.0.0.1:19000/admin/instances > inst0_$k.json; curl -s -m 5 http://127.0.0.1:$((19000+N-1))/admin/instances > instL_$k.json; fi
done
echo "lgend $(date +%s)" >> meta.txt
sleep 4; scrape
for i in 0 1 $((N-1)); do curl -s http://127.0.0.1:$((19000+i))/admin/keys/hotrr > keys_hotrr_i$i.json; done
for p in $(cat pids.txt); do kill -TERM $p; done
for p in $(cat pids.txt); do while kill -0 $p 2>/dev/null; do sleep 0.2; done; done
echo "stopped $(date +%s)" >> meta.txt
/tmp/s17/h40/dumpbin "mongodb://$FERRET/" $DB > dump.tsv
kill -TERM $WP; sleep 0.5
echo done
