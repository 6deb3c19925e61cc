#!/bin/bash
# summarize.sh LOGFILE : per phase (toxics on .. off+40s), i1's store-unreachable flips, outage declarations, and the worst hot minute
cd /tmp/s24/h90/run
log=$1
awk '/^== /{name=$2} /^toxics on/{on[name]=$3; sub(/:$/,"",on[name])} /^toxics off/{off[name]=$3} END{for(n in on) print n, on[n], off[n]}' phases.txt | sort -k2 | while read n on off; do
  f="{\"time\":\"2026-11-27T$on"; t="{\"time\":\"2026-11-27T$off"
  flips=$(awk -v f="$f" -v t="$t" '$0 >= f && $0 <= t' $log | grep -c '"store unreachable')
  outage=$(awk -v f="$f" -v t="$t" '$0 >= f && $0 <= t' $log | grep -c 'store down: outage limits')
  hb=$(awk -v f="$f" -v t="$t" '$0 >= f && $0 <= t' $log | grep -c '"heartbeat failed')
  echo "$n on=$on off=$off unreachable_logs=$flips outage_declared=$outage heartbeat_failed_logs=$hb"
done
