#!/bin/bash
# start.sh a|b|c [extra flags]: one instance in the background, pid in run/pid-X
i=$1; shift
case $i in a) n=1;; b) n=2;; c) n=3;; esac
cd /tmp/s24/h87/run
/tmp/s24/h87/orl --instance h87-$i --listen 127.0.0.1:2200$n --admin-listen 127.0.0.1:2201$n \
  --mongo-uri 'mongodb://127.0.0.1:22020/?directConnection=true' --mongo-database h87fleet \
  --policy /tmp/s24/h87/run/policy.yaml --demo-clients /tmp/s24/h87/run/demo-clients.yaml "$@" \
  >>/tmp/s24/h87/results/server-$i.log 2>&1 &
echo $! > pid-$i
echo "started $i pid $! $(date -u +%T) $(date +%s)" | tee -a /tmp/s24/h87/results/phases.txt
