#!/bin/bash
# helper-60, lead 3: do the heartbeat and tiers documents of killed instances (new IDs each
# start) pile up in FerretDB? One long-lived instance (h60-a) sweeps; five others with
# default IDs are started one after another and killed with SIGKILL (no graceful leave).
source /work/main/.tmp/services.env
B=/tmp/s20/h60/orl; C=/tmp/s20/h60/h60count; DB=h60lead3; L=/tmp/s20/h60/results/lead3-demo
mkdir -p $L
$B --listen 127.0.0.1:18601 --admin-listen 127.0.0.1:19601 --mongo-uri "$MONGODB_URI" --mongo-database $DB --instance h60-a 2>$L/a.log &
A=$!
echo "a pid $A"
sleep 5
for i in 1 2 3 4 5; do
  $B --listen 127.0.0.1:18602 --admin-listen 127.0.0.1:19602 --mongo-uri "$MONGODB_URI" --mongo-database $DB 2>$L/b$i.log &
  P=$!
  sleep 6
  kill -9 $P; wait $P 2>/dev/null
  echo "b$i pid $P killed at $(date -u +%T)"
done
$C $DB
for m in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
  sleep 60
  echo "--- +$m min after the last kill"; $C $DB
done
kill -TERM $A; wait $A
echo "a stopped at $(date -u +%T)"
$C $DB
$C $DB drop
