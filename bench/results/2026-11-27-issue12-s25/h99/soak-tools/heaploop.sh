#!/bin/bash
# every 10 minutes: live heap profiles (GC first) of every soak process
R=/tmp/s25/h99/results/heap
for k in $(seq 0 7); do
  t=$(date -u +%H%M)
  for i in 0 1 2 3; do
    curl -s -m 30 -o $R/heap-inst$i-$t.pb.gz "127.0.0.1:$((24030+i))/debug/pprof/heap?gc=1"
    curl -s -m 30 -o $R/goroutine-inst$i-$t.txt "127.0.0.1:$((24030+i))/debug/pprof/goroutine?debug=1"
  done
  sleep 600
done
