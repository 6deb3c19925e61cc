#!/bin/bash
# roll.sh NAME OLD NEW [HOLD]: three processes on OLD under load; roll inst1..3
# to NEW one at a time (30 s apart), then back inst3, inst2 to OLD (rollback),
# hold the mixed fleet (inst1 NEW, inst2/3 OLD) HOLD seconds, then inst1 to OLD.
N=$1 OLD=$2 NEW=$3 HOLD=${4:-180}
cd /tmp/s25/h96/results/run
export DB=h96_$N
H=/tmp/s25/h96/bin/h96harness
source /work/main/.tmp/services.env
ev() { echo "$(date -u +%T.%N) $*" >> $DB.events; }
roll() { ./ctl.sh stop $1; ./ctl.sh start $1 $2 $3 $4; ev "phase $5"; }
ev "run $N old=$OLD new=$NEW hold=$HOLD load=$(cut -d' ' -f1-3 /proc/loadavg)"
for i in 1 2 3; do ./ctl.sh start i$i inst$i $i $OLD; done
sleep 3
DUR=$((50+30+30+40+30+HOLD+40))
$H load -log $DB.log -dur ${DUR}s > $DB-load.out 2>&1 &
LP=$!
ev "phase all-old"
sleep 50; roll i1 inst1 1 $NEW "inst1-new"
sleep 30; roll i2 inst2 2 $NEW "inst1,2-new"
sleep 30; roll i3 inst3 3 $NEW "all-new"
sleep 40; roll i3 inst3 3 $OLD "rollback: inst3-old"
sleep 30; roll i2 inst2 2 $OLD "mixed: inst1-new inst2,3-old"
sleep $HOLD; roll i1 inst1 1 $OLD "all-old"
wait $LP
ev "load done load=$(cut -d' ' -f1-3 /proc/loadavg)"
cat $DB-load.out
sleep 5
$H check -db $DB -log $DB.log > $DB-check-live.txt
for i in 1 2 3; do ./ctl.sh stop i$i; done
sleep 1
$H check -db $DB -log $DB.log > $DB-check.txt
grep -E "^TOTAL|^key|^minutes" $DB-check.txt
