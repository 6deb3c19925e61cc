#!/bin/bash
# ctl.sh proxy | start NAME INSTANCE IDX BINARY | stop NAME
source /work/main/.tmp/services.env
R=/tmp/s25/h96/results/run
B=/tmp/s25/h96/bin
DB=${DB:?}
case $1 in
proxy)
  up=${MONGODB_URI#mongodb://}; up=${up%/}
  nohup $B/h96harness proxy -upstream $up -listen 127.0.0.1:21100,127.0.0.1:21101,127.0.0.1:21102,127.0.0.1:21103,127.0.0.1:21104 > $R/proxy.log 2>&1 &
  echo $! > $R/proxy.pid ;;
start)
  name=$2 id=$3 idx=$4 bin=$5
  echo "$(date -u +%T.%N) start $name $id $bin" >> $R/$DB.events
  nohup $B/orl-$bin --instance $id --listen 127.0.0.1:2101$idx --admin-listen 127.0.0.1:2102$idx \
    --mongo-uri "mongodb://127.0.0.1:${RELAY:-21100}/?directConnection=true&serverMonitoringMode=poll&heartbeatFrequencyMS=60000&connectTimeoutMS=2000" --mongo-database $DB \
    --policy $R/policy.yaml --demo-clients $R/clients.yaml --policy-watch=false >> $R/$DB-$name.log 2>&1 &
  echo $! > $R/$DB-$name.pid ;;
stop)
  name=$2; pid=$(cat $R/$DB-$name.pid)
  kill -TERM $pid
  for i in $(seq 1 150); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
  echo "$(date -u +%T.%N) stopped $name (pid $pid)" >> $R/$DB.events ;;
esac
