#!/usr/bin/env bash
# README's "Try it" session, run as written against the server built from this clone
# (/tmp/s20/h57/orl = go run ./cmd/oauth-ratelimit), with the listeners on 18571/19571
# instead of 8080/9090 (other helpers run servers and a Prometheus on this machine);
# transcript.txt is the raw output, transcript-ports.txt the same with the ports put back.
set -u
cd /tmp/s20/h57/repo       # policy.example.yaml is read from the working directory
/tmp/s20/h57/orl --listen 127.0.0.1:18571 --admin-listen 127.0.0.1:19571 > /tmp/s20/h57/results/tryit/server.log 2>&1 &
pid=$!
sleep 1.5
T=http://127.0.0.1:18571/oauth2/token
run() { echo "\$ $*" | sed 's/18571/8080/g; s/19571/9090/g'; eval "$@"; }
{
run "curl -si -u demo-service:demo-secret -d grant_type=client_credentials $T"
echo
run "curl -si -u demo-service:wrong -d grant_type=client_credentials $T"
echo
run "for i in \$(seq 10); do curl -s -o /dev/null -w '%{http_code} ' -u mobile-app:mobile-secret -d grant_type=password -d username=alice -d password=alice-password $T; done; echo"
echo
run "curl -si -u mobile-app:mobile-secret -d grant_type=password -d username=alice -d password=alice-password $T"
run "curl -si -u mobile-app:mobile-secret -d grant_type=password -d username=alice -d username=bob -d password=x $T"
run "for i in \$(seq 61); do curl -s -o /dev/null -w '%{http_code}\n' -u batch-exporter:batch-secret -d grant_type=client_credentials $T; done | sort | uniq -c"
echo
run "curl -si -u batch-exporter:batch-secret -d grant_type=client_credentials $T | grep -iE '^(HTTP|ratelimit|x-ratelimit)'"
echo
run "curl -s http://127.0.0.1:19571/metrics | grep 'oauth_ratelimit_decisions_total{client=\"batch-exporter\"'"
echo
run "curl -s -X POST -H 'Content-Type: application/json' -d '{\"mode\":\"enforce\"}' http://127.0.0.1:19571/admin/mode"
echo
run "curl -si -u batch-exporter:batch-secret -d grant_type=client_credentials $T"
} > /tmp/s20/h57/results/tryit/transcript.txt 2>&1
curl -s http://127.0.0.1:19571/metrics > /tmp/s20/h57/results/tryit/metrics-demo.txt
kill $pid; wait $pid
cd /tmp/s20/h57/results/tryit && sed 's/18571/8080/g; s/19571/9090/g' transcript.txt > transcript-ports.txt
