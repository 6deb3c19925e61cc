#!/bin/bash
# ctl.sh proxy | start NAME IDX [RELAYPORT] | stop NAME | kill NAME | slow RELAYPORT MS
# Instances take the default ID (host-pid-random), as a Deployment's pods do.
source /work/main/.tmp/services.env
CONNECT_MS=${CONNECT_MS-2000}
R=/tmp/s26/h108/results/run
B=/tmp/s26/h108/bin
DB=${DB:?}
ev() { echo "$(date -u +%T.%N) $(date +%s.%N) $*" >> $R/$DB.events; }
case $1 in
proxy)
  up=${MONGODB_URI#mongodb://}; up=${up%/}
  nohup $B/h108harness proxy -upstream $up -listen 127.0.0.1:22101,127.0.0.1:22102,127.0.0.1:22103 -ctl 127.0.0.1:22099 > $R/proxy.log 2>&1 &
  echo $! > $R/proxy.pid ;;
start)
  name=$2 idx=$3 relay=${4:-2210$3}
  ev "start $name relay $relay"
  nohup $B/${ORL_BIN:-orl} --listen 127.0.0.1:2201$idx --admin-listen 127.0.0.1:2202$idx \
    --mongo-uri "mongodb://127.0.0.1:$relay/?directConnection=true&serverMonitoringMode=poll&heartbeatFrequencyMS=60000${CONNECT_MS:+&connectTimeoutMS=$CONNECT_MS}" --mongo-database $DB \
    --policy $R/policy.yaml --demo-clients $R/clients.yaml --policy-watch=false ${ORL_FLAGS} >> $R/$DB-$name.log 2>&1 &
  echo $! > $R/$DB-$name.pid ;;
stop)
  name=$2; pid=$(cat $R/$DB-$name.pid)
  ev "sigterm $name pid $pid"
  kill -TERM $pid
  for i in $(seq 1 300); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  ev "exited $name (pid $pid)" ;;
kill)
  name=$2; pid=$(cat $R/$DB-$name.pid)
  ev "sigkill $name pid $pid"
  kill -KILL $pid
  for i in $(seq 1 50); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done ;;
slow)
  ev "relay $2 slow $3 ms"
  curl -s -X POST "http://127.0.0.1:22099/$2/slow?ms=$3" >/dev/null ;;
esac
