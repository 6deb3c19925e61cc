#!/bin/bash
# rec.sh SECONDS OUT: every 5 s, the firing/pending alerts named *StoreUnreachable, and each instance's store_up, one line
end=$(( $(date +%s) + $1 ))
while [ $(date +%s) -lt $end ]; do
  a=$(curl -s 127.0.0.1:19649/api/v1/alerts | python3 -c "
import sys,json
d=json.load(sys.stdin)['data']['alerts']
print(' '.join(sorted(f\"{x['labels']['alertname']}/{x['labels']['instance'][-5:]}={x['state']}\" for x in d if 'StoreUnreachable' in x['labels']['alertname'])))" 2>/dev/null)
  u=$(for p in 19641 19642 19643; do curl -s -m 2 127.0.0.1:$p/metrics | awk '/^oauth_ratelimit_store_up /{printf "%s", $2}'; done)
  echo "$(date -u +%T) up=$u $a" >> $2
  sleep 5
done
