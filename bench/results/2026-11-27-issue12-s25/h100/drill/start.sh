#!/bin/bash
# start.sh: the wire proxy + toxiproxy API (25474), three toxiproxy proxies (25101-3), three instances (25201-3, admin 25301-3)
cd /tmp/s25/h100/run
source /work/main/.tmp/services.env
up=${MONGODB_URI#mongodb://}; up=${up%/}
../bin/proxy -upstream $up -api 25474 > proxy.out 2> proxy.err &
echo $! > proxy.pid
sleep 2
wp=$(cat wireproxy.addr)
for i in 1 2 3; do
  curl -s -XPOST 127.0.0.1:25474/proxies -d "{\"name\":\"i$i\",\"listen\":\"127.0.0.1:2510$i\",\"upstream\":\"$wp\",\"enabled\":true}" >/dev/null
done
for i in 1 2 3; do
  ../bin/oauth-ratelimit --listen 127.0.0.1:2520$i --admin-listen 127.0.0.1:2530$i \
    --mongo-uri "mongodb://127.0.0.1:2510$i/?directConnection=true&serverMonitoringMode=poll" --mongo-database h100fleet \
    --instance i$i --policy policy.yaml --demo-clients clients.yaml --log-level info > i$i.out 2> i$i.log &
  echo $! > i$i.pid
done
sleep 3
for i in 1 2 3; do curl -s 127.0.0.1:2530$i/readyz; echo; done
