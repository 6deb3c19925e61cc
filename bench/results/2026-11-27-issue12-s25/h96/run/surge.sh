#!/bin/bash
# surge.sh NAME B2 B4: inst1, inst3 on this build; inst2 on B2 and a second
# process of inst2 (P4) on B4, all four under load for 150 s; P4's store
# answers dropped for 12 s at +40 s, then inst2's at +80 s (lost answers);
# graceful stop of all four; check.
N=$1 B2=$2 B4=$3
cd /tmp/s25/h96/results/run
export DB=h96_$N
H=/tmp/s25/h96/bin/h96harness
source /work/main/.tmp/services.env
ev() { echo "$(date -u +%T.%N) $*" >> $DB.events; }
ev "run $N inst2=$B2 P4(inst2)=$B4 load=$(cut -d' ' -f1-3 /proc/loadavg)"
RELAY=21101 ./ctl.sh start i1 inst1 1 head
RELAY=21102 ./ctl.sh start i2 inst2 2 $B2
RELAY=21103 ./ctl.sh start i3 inst3 3 head
RELAY=21104 ./ctl.sh start p4 inst2 4 $B4
sleep 4
$H load -targets 127.0.0.1:21011,127.0.0.1:21012,127.0.0.1:21013,127.0.0.1:21014 -log $DB.log -dur 150s > $DB-load.out 2>&1 &
LP=$!
sleep 40; curl -s -X POST 127.0.0.1:21099/21104/deaf >/dev/null; ev "P4 deaf"
sleep 12; curl -s -X POST 127.0.0.1:21099/21104/up >/dev/null; ev "P4 up"
sleep 28; curl -s -X POST 127.0.0.1:21099/21102/deaf >/dev/null; ev "inst2 deaf"
sleep 12; curl -s -X POST 127.0.0.1:21099/21102/up >/dev/null; ev "inst2 up"
wait $LP
ev "load done load=$(cut -d' ' -f1-3 /proc/loadavg)"
cat $DB-load.out
sleep 5
$H check -db $DB -log $DB.log > $DB-check-live.txt
for i in i1 i2 i3 p4; do ./ctl.sh stop $i; done
sleep 1
$H check -db $DB -log $DB.log -limits 'cA|=120,cB|=60,cC|=3000,app|u1=30,app|u2=30,app|u3=30' > $DB-check.txt
grep -E "^TOTAL|^key|^minutes" $DB-check.txt | cut -c1-160
