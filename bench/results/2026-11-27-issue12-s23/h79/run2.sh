#!/usr/bin/env bash
# h79: three limiter processes on FerretDB (through the serializing wire proxy), steady load,
# policy changes mid-run. Bounded: ~10 minutes. 127.0.0.1 only.
set -u
source /work/main/.tmp/services.env
R=/tmp/s23/h79/results/run${RUN:-1}
B=/tmp/s23/h79/bin
D=/tmp/s23/h79/run
DB=h79run${RUN:-1}
mkdir -p $R/metrics $R/admin
AUTH="Authorization: Bearer $(cat $D/token)"; JSON='Content-Type: application/json'
log() { echo "$(date -u +%H:%M:%S.%N | cut -c1-12) $(date +%s%N) $*" | tee -a $R/steps.log; }
FH=${MONGODB_URI#mongodb://}; FH=${FH%/}
$B/proxy "$FH" > $R/proxy.uri 2> $R/proxy.err & PPID_=$!
sleep 1; PURI=$(cat $R/proxy.uri); log "proxy $PURI pid $PPID_"
declare -A PID
for i in 0 1 2; do
  n=$(echo A B C | cut -d' ' -f$((i+1)))
  mkdir -p $D/$n; rm -f $D/$n/policy.yaml; cp $D/r2/P0.yaml $D/$n/policy.yaml
  extra=""; [ $n = C ] && extra="--policy-watch=false"
  (cd $D/$n && exec $B/oauth-ratelimit --instance h79-$n --mongo-uri "$PURI" --mongo-database $DB \
     --policy $D/$n/policy.yaml --listen 127.0.0.1:1808$i --admin-listen 127.0.0.1:1909$i \
     --admin-token-file $D/token --demo-clients $D/r2/clients.yaml --log-level info $extra) 2> $R/$n.log &
  PID[$n]=$!
done
log "started A=${PID[A]} B=${PID[B]} C=${PID[C]}"
adm() { echo 1909$(( $(printf '%d' "'$1") - 65 )); }   # A->19090
for n in A B C; do for k in $(seq 50); do curl -sf http://127.0.0.1:$(adm $n)/readyz >/dev/null && break; sleep 0.2; done; done
snap() { for n in A B C; do curl -s http://127.0.0.1:$(adm $n)/metrics > $R/metrics/$1-$n.txt; done; }
pol() { for n in A B C; do curl -s -H "$AUTH" http://127.0.0.1:$(adm $n)/admin/policy > $R/admin/policy-$1-$n.json; done; }
now=$(date +%s); T0=$(( (now/60+1)*60 )); [ $((T0-now)) -lt 8 ] && T0=$((T0+60))
log "T0=$T0 ($(date -u -d @$T0 +%H:%M:%S))"
at() { local t=$(( T0 + $1 )); local s; s=$(python3 -c "import time;print(max(0,$t-time.time()))"); sleep $s; }
at 0
$B/load -d ${LOADSECS:-300}s -o $R/requests.psv -i http://127.0.0.1:18080,http://127.0.0.1:18081,http://127.0.0.1:18082 \
  lower:lower:s-lower:::2.5 addwin:addwin:s-addwin:::2 rmwin:rmwin:s-rmwin:::2 glob:glob:s-glob:::1 \
  app-u1:app:s-app:u1:p-u1:1 app-u2:app:s-app:u2:p-u2:0.5 app-u3:app:s-app:u3:p-u3:0.5 &
LPID=$!
log "load started pid $LPID"
P=$D/r2
snap s0; pol s0
at 65; log "step1 A P1 (rename)"; cp $P/P1.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml
at 68; snap s1a; pol s1a
at 75; log "step1 B P1 (in place)"; cat $P/P1.yaml > $D/B/policy.yaml
at 78; snap s1b; pol s1b
at 85; log "step1 C P1 (SIGHUP)"; cp $P/P1.yaml $D/C/policy.yaml; kill -HUP ${PID[C]}
at 90; snap s1c; pol s1c
at 185; log "step2 A P2 (rename)"; cp $P/P2.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml
at 195; log "step2 B P2 (in place)"; cat $P/P2.yaml > $D/B/policy.yaml
at 205; log "step2 C P2 (admin reload)"; cp $P/P2.yaml $D/C/policy.yaml; curl -s -X POST -H "$AUTH" -H "$JSON" http://127.0.0.1:$(adm C)/admin/reload > $R/admin/reload-step2-C.json
at 210; snap s2; pol s2
at 245; log "step3 all P3"; cp $P/P3.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml; cat $P/P3.yaml > $D/B/policy.yaml; cp $P/P3.yaml $D/C/policy.yaml; kill -HUP ${PID[C]}
at 250; snap s3; pol s3
wait $LPID; log "load ended"
sleep 3
snap end; pol end
for n in A B C; do
  for k in lower addwin rmwin glob app app/u1 app/u2 app/u3; do
    curl -s -H "$AUTH" http://127.0.0.1:$(adm $n)/admin/keys/$k > $R/admin/keys-end-$n-${k/\//_}.json
  done
  curl -s -H "$AUTH" http://127.0.0.1:$(adm $n)/admin/overrides > $R/admin/overrides-end-$n.json
done
$B/dump "$MONGODB_URI" $DB counters > $R/store-before-stop.jsonl
for n in A B C; do kill -TERM ${PID[$n]}; done
for n in A B C; do wait ${PID[$n]}; echo "$n exit $?" >> $R/steps.log; done
$B/dump "$MONGODB_URI" $DB counters > $R/store-after-stop.jsonl
$B/dump "$MONGODB_URI" $DB -list > $R/collections.txt
kill -TERM $PPID_; wait $PPID_
log "all stopped"
