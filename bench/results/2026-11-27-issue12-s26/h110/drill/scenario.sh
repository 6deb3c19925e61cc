#!/bin/bash
# scenario.sh BIN DB: 8 minutes of load on i1..i3 (proxy mode, fake upstream) and
# the operator's drops of the metadata collections; state every 5 s.
cd /tmp/s26/h110/drill
BIN=$1; DB=$2; R=run-$DB; mkdir -p $R
source /work/main/.tmp/services.env
export OP_URI=$MONGODB_URI OP_DB=$DB
A="Authorization: Bearer $(cat admin.token)"
./start.sh $BIN $DB; sleep 3
T0=$(date +%s)
at() { local w=$(( $1 - ($(date +%s) - T0) )); [ $w -gt 0 ] && sleep $w; }
ev() { echo "$(date -u +%T.%3N) t=$(( $(date +%s) - T0 )) $*" | tee -a $R/ops.log; }
metrics() { for i in 1 2 3; do curl -s http://127.0.0.1:2430$i/metrics | grep -E '^oauth_ratelimit_(refresh_token_users_total|refresh_subjects|fleet_tier_instances|policy_installs)' | sed "s/^/$1 i$i /"; done >> $R/metrics.txt; }
( while [ $(( $(date +%s) - T0 )) -lt 500 ]; do
    s=$(../harness/bin/op state)
    o=""; for i in 1 2 3; do o="$o i$i.ov=$(curl -s -H "$A" http://127.0.0.1:2430$i/admin/overrides | grep -c '"client"')"; done
    t=""; for i in 1 2 3; do t="$t i$i.fleettiers=$(curl -s http://127.0.0.1:2430$i/metrics | awk '/^oauth_ratelimit_fleet_tier_instances /{print $2}')"; done
    echo "t=$(( $(date +%s) - T0 )) $s$o$t" >> $R/state.txt
    sleep 5
  done ) &
W=$!
../harness/bin/load -d 480s -out $R/load.csv > $R/load.out 2>&1 &
L=$!
at 30; ev put override hot1 120/min; curl -s -X PUT -H "$A" -H 'Content-Type: application/json' -d '{"client":[{"limit":120,"window":"1m"}]}' http://127.0.0.1:24301/admin/overrides/hot1 >> $R/ops.log; echo >> $R/ops.log
at 85; metrics t85
at 90; ev drop _tiers; ../harness/bin/op drop -c _tiers >> $R/ops.log
at 120; ev restart i1; kill $(cat i1.pid); sleep 1; ./start.sh $BIN $DB 1
at 150; ev drop _instances; ../harness/bin/op drop -c _instances >> $R/ops.log
at 210; ev drop _overrides; ../harness/bin/op drop -c _overrides >> $R/ops.log
at 265; metrics t265
at 270; ev drop _subjects; ../harness/bin/op drop -c _subjects >> $R/ops.log
at 300; ev restart i1; kill $(cat i1.pid); sleep 1; ./start.sh $BIN $DB 1
at 475; metrics t475
wait $L; cat $R/load.out | tee -a $R/ops.log
wait $W
ev end
for i in 1 2 3; do kill $(cat i$i.pid); done
