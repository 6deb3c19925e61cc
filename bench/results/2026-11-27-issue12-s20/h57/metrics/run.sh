#!/usr/bin/env bash
# Every metric the server registers, scraped from a server on FerretDB after a few requests,
# proxy mode off (demo endpoint); database h57metrics, dropped at the end by drop.sh.
set -u
source /work/main/.tmp/services.env
cd /tmp/s20/h57/repo
/tmp/s20/h57/orl --listen 127.0.0.1:18572 --admin-listen 127.0.0.1:19572 --mongo-uri "$MONGODB_URI" --mongo-database h57metrics --instance h57-metrics > /tmp/s20/h57/results/metrics/server.log 2>&1 &
pid=$!
sleep 2
for i in 1 2 3; do curl -s -o /dev/null -u demo-service:demo-secret -d grant_type=client_credentials http://127.0.0.1:18572/oauth2/token; done
curl -s -o /dev/null -u mobile-app:mobile-secret -d grant_type=password -d username=alice -d password=alice-password http://127.0.0.1:18572/oauth2/token
sleep 2.5
curl -s http://127.0.0.1:19572/metrics > /tmp/s20/h57/results/metrics/metrics.txt
kill $pid; wait $pid
grep '^# TYPE oauth_ratelimit_' /tmp/s20/h57/results/metrics/metrics.txt | awk '{print $3, $4}' > /tmp/s20/h57/results/metrics/names.txt
