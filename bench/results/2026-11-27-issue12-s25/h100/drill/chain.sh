#!/bin/bash
# chain.sh: latency 2, 3, 4, 8 s on i1 (90 s each), then a minute of clean load; a watcher of i1's batch sizes and outage every 5 s
cd /tmp/s25/h100/run
( while [ ! -f chain.done ]; do
    m=$(curl -s -m 3 127.0.0.1:25301/metrics | grep -E '^oauth_ratelimit_(sync_batch_size|store_outage|store_up) ' -E | tr '\n' ' ')
    b=$(curl -s -m 3 127.0.0.1:25301/metrics | grep -E '^oauth_ratelimit_(sync_batch_size\{|store_outage |store_up )' | awk '{printf "%s=%s ", $1, $2}')
    echo "$(date -u +%T) $b"
    sleep 5
  done > watch-i1.txt ) &
w=$!
./phase.sh base 20 20 10 > /dev/null
for l in 2000 3000 4000 8000; do
  ./phase.sh lat$((l/1000))s 20 90 30 "{\"name\":\"lat\",\"type\":\"latency\",\"stream\":\"downstream\",\"toxicity\":1,\"attributes\":{\"latency\":$l,\"jitter\":0}}" > /dev/null
done
./phase.sh recover 0 60 0 > /dev/null
touch chain.done
wait $w
