#!/bin/bash
# start.sh a|b|c BIN [extra flags]: one instance in the background, pid in pid-X
i=$1; bin=$2; shift 2
case $i in a) n=1;; b) n=2;; c) n=3;; esac
cd /tmp/s21/h64/live/run
$bin --instance h64-$i --listen 127.0.0.1:1864$n --admin-listen 127.0.0.1:1964$n \
  --mongo-uri 'mongodb://127.0.0.1:18470/?directConnection=true' --mongo-database h64fleet \
  --policy /tmp/s21/h64/live/run/policy.yaml --demo-clients /tmp/s21/h64/live/run/demo-clients.yaml "$@" \
  >>/tmp/s21/h64/results/live-server-$i.log 2>&1 &
echo $! > pid-$i
echo started $i pid $!
