#!/bin/bash
# start.sh a|b|c [extra flags]: one instance, logs appended to inst-X.log
source /work/main/.tmp/services.env
cd /tmp/s24/h86/run
i=$1; shift
case $i in a) n=0;; b) n=1;; c) n=2;; esac
nohup /tmp/s24/h86/oauth-ratelimit --policy pol-$i.yaml --demo-clients demo-clients.yaml \
  --admin-token-file admin-token --mongo-uri "${H86_MONGO:-$MONGODB_URI}" --mongo-database h86_roll \
  --instance h86-$i --listen 127.0.0.1:2108$n --admin-listen 127.0.0.1:2109$n "$@" >>inst-$i.log 2>&1 &
echo $! > inst-$i.pid
