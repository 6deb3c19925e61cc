#!/bin/bash
# idle.sh BIN TAG — 24 idle server processes for 50 s on the session's
# FerretDB through the serializing proxy; the proxy's counts 20 s and 50 s
# after all are up (results/idle/TAG/wp.log).
set -u
source /work/main/.tmp/services.env
BIN=$1; TAG=$2; N=${N:-24}; H=/tmp/s24/h88; D=$H/results/idle/$TAG; mkdir -p $D; cd $D
FERRET=${MONGODB_URI#mongodb://}; FERRET=${FERRET%/}
$H/bin/wp -upstream $FERRET -serial=true > wp.log 2>&1 & WP=$!
sleep 1; ADDR=$(awk '/^ADDR/{print $2}' wp.log)
URI="mongodb://$ADDR/?directConnection=true&serverMonitoringMode=poll&heartbeatFrequencyMS=60000&connectTimeoutMS=2000"
P=()
for i in $(seq 0 $((N-1))); do
  $BIN --instance i$i --listen 127.0.0.1:$((23000+i)) --admin-listen 127.0.0.1:$((23100+i)) --mongo-uri "$URI" --mongo-database h88_idle_$TAG \
    --policy $H/policy.yaml --policy-watch=false --demo-clients $H/clients.yaml --mode enforce > srv$i.log 2>&1 & P+=($!)
done
sleep 20; date +%s > t1; cat /proc/loadavg > load1
curl -s http://127.0.0.1:23100/metrics | grep -E '^oauth_ratelimit_(live_instances|sync_store_requests_total)' > m1.txt
sleep 30; date +%s > t2; cat /proc/loadavg > load2
curl -s http://127.0.0.1:23100/metrics | grep -E '^oauth_ratelimit_(live_instances|sync_store_requests_total)' > m2.txt
for p in ${P[@]}; do kill -TERM $p; done; for p in ${P[@]}; do while kill -0 $p 2>/dev/null; do sleep 0.1; done; done
kill -TERM $WP; sleep 0.3
$H/bin/dump "$MONGODB_URI" h88_idle_$TAG drop > /dev/null
