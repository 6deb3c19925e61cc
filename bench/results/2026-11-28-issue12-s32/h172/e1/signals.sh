#!/bin/bash
# The real binary, a store that does not answer (nothing on 127.0.0.1:18899), one token
# request, SIGTERM at t=0, then a second signal ($3: TERM or INT) at $4 s (during the final
# flush with --final-flush-timeout 3s); the exit status and the time to exit.
BIN=$1; P=$2; SIG2=$3; AT=$4
POL=/tmp/s32/h172/repo/policy.example.yaml
$BIN --listen 127.0.0.1:${P}0 --admin-listen 127.0.0.1:${P}1 --policy $POL \
  --mongo-uri "mongodb://127.0.0.1:18899/?connectTimeoutMS=300" --final-flush-timeout 3s 2>server-$SIG2-$AT.log &
pid=$!
for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:${P}1/healthz && break; sleep 0.1; done
curl -s -o /dev/null -w 'token %{http_code}\n' -u demo-service:demo-secret -d grant_type=client_credentials http://127.0.0.1:${P}0/oauth2/token
t0=$(date +%s.%N); kill -TERM $pid
if [ "$SIG2" != none ]; then sleep $AT; kill -$SIG2 $pid && echo "sent SIG$SIG2 at ${AT}s"; fi
r=$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:${P}1/readyz); echo "readyz after the second signal: $r"
wait $pid; rc=$?; t=$(echo "$(date +%s.%N) - $t0" | bc)
echo "exit status $rc after ${t}s"
grep -E '"msg":"(shutting down|final flush failed|stopped)"' server-$SIG2-$AT.log | cut -c1-200
