#!/usr/bin/env bash
# The demo clients as README's Try it table describes them: one token request each, with the
# limit headers the policy.example.yaml gives them (server from this clone, ports 18573/19573).
set -u
cd /tmp/s20/h57/repo
/tmp/s20/h57/orl --listen 127.0.0.1:18573 --admin-listen 127.0.0.1:19573 > /tmp/s20/h57/results/democlients/server.log 2>&1 &
pid=$!
sleep 1.5
T=http://127.0.0.1:18573/oauth2/token
show() { echo "\$ $*"; eval "$@" | grep -iE '^(HTTP|ratelimit|x-ratelimit|\{)'; echo; }
{
show "curl -si -u demo-service:demo-secret -d grant_type=client_credentials $T"
show "curl -si -u batch-exporter:batch-secret -d grant_type=client_credentials $T"
show "curl -si -u internal-gateway:gateway-secret -d grant_type=client_credentials $T"
show "curl -si -u mobile-app:mobile-secret -d grant_type=password -d username=bob -d password=bob-password $T"
show "curl -si -u mobile-app:mobile-secret -d grant_type=client_credentials $T"
show "curl -si -d client_id=public-spa -d grant_type=password -d username=carol -d password=carol-password $T"
show "curl -si -d client_id=public-spa -d grant_type=client_credentials $T"
show "curl -si -u demo-service:demo-secret -d grant_type=refresh_token -d refresh_token=x $T"
show "curl -s http://127.0.0.1:19573/admin/policy"
} > /tmp/s20/h57/results/democlients/out.txt 2>&1
kill $pid; wait $pid
