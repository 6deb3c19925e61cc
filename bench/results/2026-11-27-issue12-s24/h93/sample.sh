#!/bin/bash
# sample.sh OUT SECONDS: go_goroutines, RSS, heap in use of the proxy and the upstream's in-flight, every 2 s
out=$1; n=$(( $2 / 2 ))
for i in $(seq $n); do
  m=$(curl -s -m 2 http://127.0.0.1:28011/metrics | grep -E '^(go_goroutines|process_resident_memory_bytes|go_memstats_heap_inuse_bytes|process_open_fds) ' | awk '{printf "%s=%s ", $1, $2}')
  u=$(curl -s -m 2 http://127.0.0.1:28002/ | grep -m1 inflight | tr -d ' ,"')
  echo "$(date -u +%T) $m up_$u" >> $out
  sleep 2
done
