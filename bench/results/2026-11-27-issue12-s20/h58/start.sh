#!/bin/bash
# start.sh a|b|c [extra flags]: starts one instance in the background, pid in run/pid-X
i=$1; shift
case $i in a) n=1;; b) n=2;; c) n=3;; esac
cd /tmp/s20/h58/run
${ORL:-/tmp/s20/h58/orl} --instance h58-$i --listen 127.0.0.1:1858$n --admin-listen 127.0.0.1:1958$n \
  --mongo-uri 'mongodb://127.0.0.1:47017/?directConnection=true' --mongo-database h58fleet \
  --policy /tmp/s20/h58/run/policy-$i.yaml --demo-clients /tmp/s20/h58/run/demo-clients.yaml "$@" \
  >>/tmp/s20/h58/results/server-$i.log 2>&1 &
echo $! > pid-$i
echo started $i pid $!
