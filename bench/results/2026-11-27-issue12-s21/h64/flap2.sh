#!/bin/bash
# flap2.sh SECONDS OFF ON: the toxiproxy proxy disabled OFF s, then enabled ON s, in turn, for SECONDS s; enabled at the end
end=$(( $(date +%s) + $1 ))
echo "flap2 start $(date -u +%T) off ${2}s on ${3}s"
while [ $(date +%s) -lt $end ]; do
  curl -s -X POST 127.0.0.1:18474/proxies/mongo -d '{"enabled":false}' >/dev/null; echo "off $(date -u +%T)"; sleep $2
  curl -s -X POST 127.0.0.1:18474/proxies/mongo -d '{"enabled":true}' >/dev/null; echo "on $(date -u +%T)"; sleep $3
done
curl -s -X POST 127.0.0.1:18474/proxies/mongo -d '{"enabled":true}' >/dev/null
echo "flap2 end $(date -u +%T)"
