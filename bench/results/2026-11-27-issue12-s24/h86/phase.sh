#!/bin/bash
# phase.sh LABEL: wait for second :02 of the next minute, run the load (40 s), then snapshot
cd /tmp/s24/h86/run
L=$1
R=/tmp/s24/h86/results/$L; mkdir -p $R
S="batch:batch-exporter:batch-secret:client_credentials:::150,demo:demo-service:demo-secret:client_credentials:::95,gw:internal-gateway:gateway-secret:client_credentials:::120,alice:mobile-app:mobile-secret:password:alice:alice-password:80,bob:mobile-app:mobile-secret:password:bob:bob-password:29,erin:mobile-app:mobile-secret:password:erin:erin-password:31,carol:public-spa::password:carol:carol-password:30"
now=$(date +%s); next=$(( (now/60+1)*60 + 2 )); sleep $(( next - now ))
date -u +%FT%TZ > $R/start
for n in 0 1 2; do curl -s 127.0.0.1:2109$n/metrics > $R/metrics-before-$n.txt; done
/tmp/s24/h86/loadgen -phase $L -o $R/requests.jsonl -d 40s -streams "$S" -targets http://127.0.0.1:21080,http://127.0.0.1:21081,http://127.0.0.1:21082 "$@"
date -u +%FT%TZ > $R/end
sleep 3
for n in 0 1 2; do curl -s 127.0.0.1:2109$n/metrics > $R/metrics-after-$n.txt; ./adm.sh $n GET '/admin/top?n=20' > $R/top-$n.json; curl -s -u x:$(cat admin-token) 127.0.0.1:2109$n/admin/ > $R/status-$n.html; done
