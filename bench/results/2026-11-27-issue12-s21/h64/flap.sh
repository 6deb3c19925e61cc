#!/bin/bash
# flap.sh SECONDS PERIOD: the toxiproxy proxy disabled and enabled in turn every PERIOD s, for SECONDS s; enabled at the end
end=$(( $(date +%s) + $1 )); p=$2
echo "flap start $(date -u +%T) period ${p}s"
while [ $(date +%s) -lt $end ]; do
  curl -s -X POST 127.0.0.1:18474/proxies/mongo -d '{"enabled":false}' >/dev/null; echo "off $(date -u +%T)"; sleep $p
  curl -s -X POST 127.0.0.1:18474/proxies/mongo -d '{"enabled":true}' >/dev/null; echo "on $(date -u +%T)"; sleep $p
done
curl -s -X POST 127.0.0.1:18474/proxies/mongo -d '{"enabled":true}' >/dev/null
echo "flap end $(date -u +%T)"
