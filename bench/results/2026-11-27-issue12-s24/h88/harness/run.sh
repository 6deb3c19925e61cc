#!/bin/bash
# run.sh N TAG — h88's fleet run: N server processes (enforce, one policy) on
# the session's FerretDB through a serializing wire proxy, database h88_TAG;
# lg's load from the next minute boundary for DUR; restart of all at +RALL s,
# of the first half at +RHALF s (new instance IDs, as a deploy gives);
# scrapes every 10 s. Output in results/TAG.
set -u
source /work/main/.tmp/services.env
N=$1; TAG=$2; DUR=${DUR:-8m}; RALL=${RALL:-240}; RHALF=${RHALF:-360}
H=/tmp/s24/h88; D=$H/results/$TAG; mkdir -p $D; cd $D
DB=h88_${TAG}
FERRET=${MONGODB_URI#mongodb://}; FERRET=${FERRET%/}
$H/bin/wp -upstream $FERRET -serial=true > wp.log 2>&1 &
echo $! > wp.pid
sleep 1
ADDR=$(awk '/^ADDR/{print $2}' wp.log)
URI="mongodb://$ADDR/?directConnection=true&serverMonitoringMode=poll&heartbeatFrequencyMS=60000&connectTimeoutMS=2000"
echo "uri $URI db $DB n $N" > meta.txt
: > urls.txt
declare -A PID GEN
startone() { # i
  local i=$1 g=${GEN[$1]:-0}
  $H/bin/oauth-ratelimit --instance i${i}g$g --listen 127.0.0.1:$((23000+i)) --admin-listen 127.0.0.1:$((23100+i)) \
    --mongo-uri "$URI" --mongo-database $DB --policy $H/policy.yaml --policy-watch=false \
    --demo-clients $H/clients.yaml --mode enforce >> srv$i.log 2>&1 &
  PID[$i]=$!
  echo "$(date +%s.%N) start $i g$g pid ${PID[$i]}" >> meta.txt
}
waitup() { for i in "$@"; do for k in $(seq 100); do curl -sf -o /dev/null http://127.0.0.1:$((23100+i))/healthz && break; sleep 0.1; done; echo "$(date +%s.%N) up $i" >> meta.txt; done; }
restart() { # indices
  for i in "$@"; do kill -TERM ${PID[$i]}; echo "$(date +%s.%N) term $i" >> meta.txt; done
  for i in "$@"; do while kill -0 ${PID[$i]} 2>/dev/null; do sleep 0.05; done; echo "$(date +%s.%N) exited $i" >> meta.txt; done
  for i in "$@"; do GEN[$i]=$(( ${GEN[$i]:-0} + 1 )); startone $i; done
  waitup "$@"
}
for i in $(seq 0 $((N-1))); do startone $i; echo http://127.0.0.1:$((23000+i)) >> urls.txt; done
waitup $(seq 0 $((N-1)))
scrape() {
  ts=$(date +%s)
  for i in $(seq 0 $((N-1))); do
    curl -s -m 5 http://127.0.0.1:$((23100+i))/metrics | grep -v "^#" | grep "oauth_ratelimit_sync\|oauth_ratelimit_store\|tokens_issued\|live_instances\|share_refusals\|decisions_total\|go_memstats_heap_inuse\|process_resident\|process_cpu\|go_goroutines" | sed "s/^/$ts i$i /" >> metrics.txt
  done
  ps -o pid=,rss=,cputimes=,comm= -p $(echo ${PID[@]} | tr ' ' ,) | awk -v ts=$ts '{print ts, "srv", $0}' >> ps.txt
  ps -eo pid=,rss=,cputimes=,comm=,args= | grep -E "ferretdb|postgres: 15/main|bin/wp|bin/lg" | grep -v grep | awk -v ts=$ts '{print ts, "other", $1,$2,$3,$4,$5,$6,$7}' >> ps.txt
  cat /proc/loadavg | sed "s/^/$ts load /" >> ps.txt
  psql "$FERRETDB_POSTGRESQL_URL" -At -F' ' -c "select relname, coalesce(seq_scan,0), coalesce(seq_tup_read,0), coalesce(idx_scan,0), coalesce(idx_tup_fetch,0), n_tup_ins, n_tup_upd, n_tup_del, n_live_tup from pg_stat_user_tables where schemaname='$DB'" 2>/dev/null | sed "s/^/$ts pg /" >> pg.txt
}
now=$(date +%s); wait=$(( 60 - now % 60 )); sleep $wait
T0=$(date +%s); echo "start $T0" >> meta.txt
scrape
$H/bin/lg -urls urls.txt -d $DUR -o answers.csv > lg.log 2>&1 &
LG=$!
doneall=0; donehalf=0
while kill -0 $LG 2>/dev/null; do
  el=$(( $(date +%s) - T0 ))
  if (( doneall == 0 && el >= RALL )); then doneall=1; echo "$(date +%s.%N) restart-all" >> meta.txt; restart $(seq 0 $((N-1))); fi
  if (( donehalf == 0 && el >= RHALF )); then donehalf=1; echo "$(date +%s.%N) restart-half" >> meta.txt; restart $(seq 0 $((N/2-1))); fi
  scrape
  sleep 9
  if (( el % 30 < 10 )); then curl -s -m 5 http://127.0.0.1:23100/admin/instances > inst0_$el.json 2>/dev/null; fi
done
echo "lgend $(date +%s)" >> meta.txt
sleep 4; scrape
for i in $(seq 0 $((N-1))); do kill -TERM ${PID[$i]}; done
for i in $(seq 0 $((N-1))); do while kill -0 ${PID[$i]} 2>/dev/null; do sleep 0.1; done; done
echo "stopped $(date +%s)" >> meta.txt
$H/bin/dump "$MONGODB_URI" $DB > dump.tsv
kill -TERM $(cat wp.pid); sleep 0.5
echo done >> meta.txt
