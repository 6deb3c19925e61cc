#!/bin/bash
# start.sh: the serializing proxy, then instances i1..i3 (enforce, sync 1s) on h97fleet through it.
cd /tmp/s25/h97/run
source /work/main/.tmp/services.env
up=${MONGODB_URI#mongodb://}; up=${up%/}
if [ ! -s proxy.pid ] || ! kill -0 $(cat proxy.pid) 2>/dev/null; then
  rm -f wireproxy.addr
  ../bin/proxy -upstream $up > proxy.log 2>&1 &
  echo $! > proxy.pid
  sleep 1
fi
addr=$(cat wireproxy.addr)
echo "mongodb://$addr/?directConnection=true" > uri.txt
for i in ${@:-1 2 3}; do
  ../bin/oauth-ratelimit --listen 127.0.0.1:2220$i --admin-listen 127.0.0.1:2230$i --instance i$i \
    --policy policy.yaml --demo-clients clients.yaml --mongo-uri "mongodb://$addr/?directConnection=true" \
    --mongo-database h97fleet --sync-interval 1s --log-level info >> i$i.log 2>&1 &
  echo $! > i$i.pid
done
