#!/usr/bin/env bash
set -u
cd /tmp/s19/walk
source /work/main/.tmp/services.env
(cd /work/main && go build -o /tmp/s19/walk/orl ./cmd/oauth-ratelimit)
./orl --policy policy.yaml --admin-token-file admin-token --mongo-uri "$MONGODB_URI" --mongo-database s19walk --instance walk-1 > server.log 2>&1 &
pid=$!
sleep 2
A=http://127.0.0.1:9090; AUTH="Authorization: Bearer $(cat admin-token)"; JSON="Content-Type: application/json"
curl -s -X PUT -H "$AUTH" -H "$JSON" -d '{"mode":"enforce","client":[{"limit":60,"window":"1m"}]}' $A/admin/overrides/batch-exporter > override.json
sleep 1
for i in $(seq 61); do curl -s -o /dev/null -w '%{http_code}\n' -u batch-exporter:batch-secret -d grant_type=client_credentials http://127.0.0.1:8080/oauth2/token; done | sort | uniq -c > codes.txt
sleep 2.5   # a flush or two: the counts in the store
curl -s -X POST -H "$AUTH" -H "$JSON" -d '{}' $A/admin/keys/batch-exporter/reset > reset.json
curl -s -o /dev/null -w '%{http_code}\n' -u batch-exporter:batch-secret -d grant_type=client_credentials http://127.0.0.1:8080/oauth2/token > after.txt
curl -s -X DELETE -H "$AUTH" -H "$JSON" $A/admin/overrides/batch-exporter > delete.json
kill $pid; wait $pid

