#!/bin/bash
# phase.sh NAME PRE FAULT POST 'toxic json' ... : load for PRE+FAULT+POST s; toxics on i1 during FAULT.
# TARGET env: proxies to fault (default i1).
cd /tmp/s25/h100/run
name=$1; pre=$2; fault=$3; post=$4; shift 4
targets=${TARGET:-i1}
total=$((pre+fault+post))
echo "== $name $(date -u +%T) pre=$pre fault=$fault post=$post targets=$targets" | tee -a phases.txt
../bin/load -d ${total}s -out load-$name.csv -phase $name > load-$name.out 2>&1 &
lp=$!
sleep $pre
for t in $targets; do for tox in "$@"; do curl -s -XPOST 127.0.0.1:25474/proxies/$t/toxics -d "$tox" >/dev/null; done; done
echo "toxics on $(date -u +%T): $*" | tee -a phases.txt
for s in $(seq 1 $((fault/30))); do sleep 30; ./snap.sh "$name-fault+$((s*30))" >> snaps.txt; done
sleep $((fault%30))
for t in $targets; do for tn in $(curl -s 127.0.0.1:25474/proxies/$t/toxics | python3 -c 'import json,sys; print(" ".join(x["name"] for x in json.load(sys.stdin)))'); do curl -s -XDELETE 127.0.0.1:25474/proxies/$t/toxics/$tn; done; done
echo "toxics off $(date -u +%T)" | tee -a phases.txt
wait $lp
cat load-$name.out | tee -a phases.txt
sleep ${SETTLE:-20}
./snap.sh "$name-settled" >> snaps.txt
source /work/main/.tmp/services.env
../bin/check -db h100fleet -logs $(ls load-*.csv | paste -sd,) | tail -30 | tee check-$name.txt | tee -a phases.txt
