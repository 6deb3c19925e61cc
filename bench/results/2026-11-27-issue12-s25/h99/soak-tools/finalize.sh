#!/bin/bash
# after the loads end: final scrapes, heap profiles, the store's dump; then stop everything of h99's
R=/tmp/s25/h99/results; D=/tmp/s25/h99/run
source /work/main/.tmp/services.env
ev() { echo "$(date -u +%T) $*" >> $R/events.log; }
ev "finalize: loads done"
sleep 5
mkdir -p $R/final
for i in 0 1 2 3 4; do
  curl -s -m 20 127.0.0.1:$((24020+i))/metrics > $R/final/metrics-inst$i.txt
  curl -s -m 30 -o $R/final/heap-inst$i.pb.gz "127.0.0.1:$((24030+i))/debug/pprof/heap?gc=1"
  curl -s -m 30 -o $R/final/goroutine-inst$i.txt "127.0.0.1:$((24030+i))/debug/pprof/goroutine?debug=1"
  ls /proc/$(cat $D/inst$i.pid)/fd | wc -l > $R/final/fds-inst$i.txt
  grep -E 'VmRSS|VmHWM|Threads' /proc/$(cat $D/inst$i.pid)/status > $R/final/status-inst$i.txt
done
/tmp/s25/h99/bin/dumpstore h99soak > $R/final/store.tsv
ev "finalize: scraped, dumped"
