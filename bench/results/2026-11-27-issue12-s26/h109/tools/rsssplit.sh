#!/bin/bash
# rsssplit.sh PID N OUT: every 30 s, N times: VmRSS, RssAnon, RssFile (/proc) and go_memstats sys, heap_sys, heap_released, next_gc, and the refresh bindings.
pid=$1 n=$2 out=$3
echo -e "time\tvmrss_kb\trssanon_kb\trssfile_kb\tsys_mb\theap_sys_mb\theap_released_mb\tnext_gc_mb\tbindings" > $out
for i in $(seq 1 $n); do
  m=$(curl -s -m 10 127.0.0.1:23020/metrics)
  g() { echo "$m" | awk -v k="$1" '$1==k{printf "%.2f", $2/1048576}'; }
  echo -e "$(date -u +%T)\t$(awk '/VmRSS/{print $2}' /proc/$pid/status)\t$(awk '/RssAnon/{print $2}' /proc/$pid/status)\t$(awk '/RssFile/{print $2}' /proc/$pid/status)\t$(g go_memstats_sys_bytes)\t$(g go_memstats_heap_sys_bytes)\t$(g go_memstats_heap_released_bytes)\t$(g go_memstats_next_gc_bytes)\t$(echo "$m" | awk '$1=="oauth_ratelimit_refresh_subjects"{print $2}')" >> $out
  sleep 30
done
