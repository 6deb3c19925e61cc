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
  mkdir -p $D/$n; cp $D/P0.yaml $D/$n/policy.yaml
  extra=""; [ $n = C ] && extra="--policy-watch=false"
  (cd $D/$n && exec $B/oauth-ratelimit --instance h79-$n --mongo-uri "$PURI" --mongo-database $DB \
     --policy $D/$n/policy.yaml --listen 127.0.0.1:1808$i --admin-listen 127.0.0.1:1909$i \
     --admin-token-file $D/token --demo-clients $D/demo-clients.yaml --log-level info $extra) 2> $R/$n.log &
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
$B/load -d ${LOADSECS:-540}s -o $R/requests.psv -i http://127.0.0.1:18080,http://127.0.0.1:18081,http://127.0.0.1:18082 \
  raise:raise:s-raise:::1.5 lower:lower:s-lower:::2.5 addwin:addwin:s-addwin:::2 rmwin:rmwin:s-rmwin:::2 \
  newc:newc:s-newc:::1 ovr:ovr:s-ovr:::1 dry:dry:s-dry:::1 \
  app-u1:app:s-app:u1:p-u1:1 app-u2:app:s-app:u2:p-u2:0.5 app-u3:app:s-app:u3:p-u3:0.5 &
LPID=$!
log "load started pid $LPID"
snap s0; pol s0
# step 1, rolling: P1 (raise 30->60, lower 200->40): A by atomic rename, B in place, C by SIGHUP
at 75;  log "step1 A P1 (rename)"; cp $D/P1.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml
at 85;  log "step1 B P1 (in place)"; cat $D/P1.yaml > $D/B/policy.yaml
at 95;  log "step1 C P1 (SIGHUP)"; cp $D/P1.yaml $D/C/policy.yaml; kill -HUP ${PID[C]}
at 100; snap s1; pol s1
# step 2, all at once: P2 (addwin +10/10s, rmwin -10s, newc added, app per-user)
at 135; cp $D/P2.yaml $D/C/policy.yaml; log "step2 all P2"; cp $D/P2.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml & cat $D/P2.yaml > $D/B/policy.yaml & 
  curl -s -X POST -H "$AUTH" -H "$JSON" http://127.0.0.1:$(adm C)/admin/reload > $R/admin/reload-step2-C.json; wait $!; log "step2 done"
at 140; snap s2; pol s2
# step 3: override ovr -> 20/1m at A
at 195; log "step3 PUT override ovr 20/1m at A"; curl -s -X PUT -H "$AUTH" -H "$JSON" -d '{"client":[{"limit":20,"window":"1m"},{"limit":100000,"window":"1h"}]}' http://127.0.0.1:$(adm A)/admin/overrides/ovr > $R/admin/override-put.json
at 200; snap s3; pol s3
# step 4, rolling: P3 (dry -> enforce, newc removed)
at 255; log "step4 A P3"; cp $D/P3.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml
at 265; log "step4 B P3"; cat $D/P3.yaml > $D/B/policy.yaml
at 275; log "step4 C P3 (admin reload)"; cp $D/P3.yaml $D/C/policy.yaml; curl -s -X POST -H "$AUTH" -H "$JSON" http://127.0.0.1:$(adm C)/admin/reload > $R/admin/reload-step4-C.json
at 280; snap s4; pol s4
at 285; log "step4b DELETE override ovr at B"; curl -s -X DELETE -H "$AUTH" -H "$JSON" http://127.0.0.1:$(adm B)/admin/overrides/ovr > $R/admin/override-del.json
at 290; snap s4b; pol s4b
# step 5: broken file everywhere
at 315; log "step5 BROKEN all"; cp $D/BROKEN.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml; cat $D/BROKEN.yaml > $D/B/policy.yaml; cp $D/BROKEN.yaml $D/C/policy.yaml
  curl -s -w '\nstatus %{http_code}\n' -X POST -H "$AUTH" -H "$JSON" http://127.0.0.1:$(adm C)/admin/reload > $R/admin/reload-broken-C.json
  kill -HUP ${PID[C]}
at 320; snap s5; pol s5
at 345; log "step5b restore P3 all"; cp $D/P3.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml; cat $D/P3.yaml > $D/B/policy.yaml; cp $D/P3.yaml $D/C/policy.yaml; kill -HUP ${PID[C]}
at 350; snap s5b; pol s5b
# step 6, all at once: P4 (dry back to dry-run)
at 375; log "step6 all P4"; cp $D/P4.yaml $D/A/.p.tmp && mv $D/A/.p.tmp $D/A/policy.yaml; cat $D/P4.yaml > $D/B/policy.yaml; cp $D/P4.yaml $D/C/policy.yaml; kill -HUP ${PID[C]}
at 380; snap s6; pol s6
# step 7: global mode dry-run at C, then DELETE at A
at 405; log "step7 POST /admin/mode dry-run at C"; curl -s -X POST -H "$AUTH" -H "$JSON" -d '{"mode":"dry-run"}' http://127.0.0.1:$(adm C)/admin/mode > $R/admin/mode-post.json
at 410; snap s7; pol s7
at 465; log "step7b DELETE /admin/mode at A"; curl -s -X DELETE -H "$AUTH" -H "$JSON" http://127.0.0.1:$(adm A)/admin/mode > $R/admin/mode-del.json
at 470; snap s7b; pol s7b
wait $LPID; log "load ended"
sleep 3
snap end; pol end
for n in A B C; do
  for k in raise lower addwin rmwin newc ovr dry app app/u1 app/u2 app/u3; do
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
