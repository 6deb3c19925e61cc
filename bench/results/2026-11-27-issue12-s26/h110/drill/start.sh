#!/bin/bash
# start.sh BIN DB [instances]: the fake upstream, then i1..i3 in proxy mode on DB.
cd /tmp/s26/h110/drill
source /work/main/.tmp/services.env
BIN=$1; DB=$2; shift 2
if [ ! -s up.pid ] || ! kill -0 $(cat up.pid) 2>/dev/null; then
  ../harness/bin/upstream -listen 127.0.0.1:24100 > up.log 2>&1 & echo $! > up.pid
fi
for i in ${@:-1 2 3}; do
  $BIN --listen 127.0.0.1:2420$i --admin-listen 127.0.0.1:2430$i --admin-token-file admin.token --instance i$i \
    --policy $( [ $i = 3 ] && echo policy3.yaml || echo policy.yaml ) --upstream http://127.0.0.1:24100 --mongo-uri "$MONGODB_URI" \
    --mongo-database $DB --sync-interval 1s --log-level info >> $DB-i$i.log 2>&1 &
  echo $! > i$i.pid
done
