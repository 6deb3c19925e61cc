#!/bin/bash
# restarts.sh: from the next minute's :02, restart b at +10 s, c at +20 s, a at +30 s (SIGTERM, wait, start)
cd /tmp/s24/h86/run; O=/tmp/s24/h86/results/${H86_OUT:-p4-restarts}/restarts.txt; mkdir -p $(dirname $O)
export H86_MONGO=$(cat wp.uri)
now=$(date +%s); next=$(( (now/60+1)*60 + 2 )); sleep $(( next - now + 10 ))
for i in b c a; do
  p=$(cat inst-$i.pid); echo "$(date -u +%T.%N) SIGTERM $i pid $p" >> $O; kill -TERM $p
  while kill -0 $p 2>/dev/null; do sleep 0.05; done; echo "$(date -u +%T.%N) $i exited" >> $O
  ./start.sh $i; n=$(case $i in a) echo 0;; b) echo 1;; c) echo 2;; esac)
  until curl -sf 127.0.0.1:2109$n/readyz >/dev/null; do sleep 0.05; done; echo "$(date -u +%T.%N) $i ready pid $(cat inst-$i.pid)" >> $O
  sleep 9
done
