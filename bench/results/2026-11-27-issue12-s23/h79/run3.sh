#!/usr/bin/env bash
# h79 run3: A on the new policy (app per-user 10/1m, aggregate 1h only), B and C on the old
# (app aggregate 30/1m): a rollout stopped after its first instance, for 3 minutes. BIN picks
# the binary; RUN names the results. 127.0.0.1 only; bounded.
set -u
source /work/main/.tmp/services.env
R=/tmp/s23/h79/results/$RUN; B=/tmp/s23/h79/bin; D=/tmp/s23/h79/run; P=$D/r3; DB=h79$RUN
mkdir -p $R/admin $R/metrics
AUTH="Authorization: Bearer $(cat $D/token)"
log() { echo "$(date -u +%H:%M:%S.%N | cut -c1-12) $(date +%s%N) $*" | tee -a $R/steps.log; }
FH=${MONGODB_URI#mongodb://}; FH=${FH%/}
$B/proxy "$FH" > $R/proxy.uri 2> $R/proxy.err & PX=$!
sleep 1; PURI=$(cat $R/proxy.uri); log "proxy pid $PX; binary $BIN"
declare -A PID
for i in 0 1 2; do
  n=$(echo A B C | cut -d' ' -f$((i+1))); mkdir -p $D/r3$n
  if [ $n = A ]; then cp $P/P1.yaml $D/r3$n/policy.yaml; else cp $P/P0.yaml $D/r3$n/policy.yaml; fi
  (cd $D/r3$n && exec $B/$BIN --instance h79-$n --mongo-uri "$PURI" --mongo-database $DB \
     --policy $D/r3$n/policy.yaml --listen 127.0.0.1:1808$i --admin-listen 127.0.0.1:1909$i \
     --admin-token-file $D/token --demo-clients $P/clients.yaml --log-level info) 2> $R/$n.log &
  PID[$n]=$!
done
for p in 19090 19091 19092; do for k in $(seq 50); do curl -sf http://127.0.0.1:$p/readyz >/dev/null && break; sleep 0.2; done; done
now=$(date +%s); T0=$(( (now/60+1)*60 )); [ $((T0-now)) -lt 8 ] && T0=$((T0+60)); log "T0=$T0"
sleep $(python3 -c "import time;print(max(0,$T0-time.time()))")
args=""; for u in 1 2 3 4 5 6; do args="$args app-u$u:app:s-app:u$u:p-u$u:0.5"; done
$B/load -d 180s -o $R/requests.psv -i http://127.0.0.1:18080,http://127.0.0.1:18081,http://127.0.0.1:18082 $args &
LP=$!; log "load started"
sleep 30; for p in 0 1 2; do curl -s -H "$AUTH" http://127.0.0.1:1909$p/admin/policy > $R/admin/policy-$p.json; curl -s http://127.0.0.1:1909$p/metrics > $R/metrics/mid-$p.txt; done
wait $LP; log "load ended"; sleep 3
for n in A B C; do kill -TERM ${PID[$n]}; done; for n in A B C; do wait ${PID[$n]}; echo "$n exit $?" >> $R/steps.log; done
$B/dump "$MONGODB_URI" $DB counters > $R/store-after-stop.jsonl
kill -TERM $PX; wait $PX; log "all stopped"
