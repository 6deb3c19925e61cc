#!/bin/bash
# Every wait of a stop at once, default timeouts (--shutdown-timeout 15s, --final-flush-timeout 5s):
# a token request the upstream never answers (--upstream-timeout 60s, so it outlasts the drain),
# a store that does not answer (nothing on 127.0.0.1:28199), an admin reset sent 10 s into the
# stop (waits on the store), and an admin connection that sends half a request header 19.5 s in
# (during the final flush; the admin listener's close waits on it). SIGTERM to exit, against
# maxStop's 24 s.
BIN=$1; P=2812
python3 hang_upstream.py 28159 & up=$!
sleep 0.5
$BIN --listen 127.0.0.1:${P}0 --admin-listen 127.0.0.1:${P}1 --upstream http://127.0.0.1:28159 --upstream-timeout 60s \
  --mongo-uri "mongodb://127.0.0.1:28199/?connectTimeoutMS=300" 2>server.log &
pid=$!
for i in $(seq 80); do curl -s -o /dev/null http://127.0.0.1:${P}1/healthz && break; sleep 0.1; done
curl -s -o /dev/null -w 'token request: %{http_code} after %{time_total}s\n' -u app:secret -d grant_type=client_credentials http://127.0.0.1:${P}0/oauth2/token > token.txt &
sleep 0.5
t0=$(date +%s.%N); kill -TERM $pid; echo "SIGTERM"
sleep 10
curl -s -w '\nreset: %{http_code} after %{time_total}s\n' -H 'Content-Type: application/json' -X POST http://127.0.0.1:${P}1/admin/keys/app/reset > reset.txt &
sleep 9.5
exec 3<>/dev/tcp/127.0.0.1/${P}1 && printf 'GET /metrics HTTP/1.1\r\nHost: x\r\n' >&3 && echo "half a header sent at 19.5 s"
wait $pid; rc=$?; t=$(echo "$(date +%s.%N) - $t0" | bc)
echo "exit status $rc after ${t}s from SIGTERM"
exec 3>&-
sleep 0.3; cat token.txt reset.txt
python3 - "$t0" <<'PY'
import json, sys
t0 = float(sys.argv[1])
from datetime import datetime
for line in open('server.log'):
    r = json.loads(line)
    ts = datetime.fromisoformat(r['time'].replace('Z', '+00:00')).timestamp()
    if ts >= t0 - 0.01:
        extra = {k: v for k, v in r.items() if k not in ('time', 'level', 'msg')}
        print('%6.2fs %-5s %s %s' % (ts - t0, r['level'], r['msg'], json.dumps(extra)[:150]))
PY
kill $up
