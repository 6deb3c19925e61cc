#!/bin/bash
# drill.sh NAME KIND [SLOWMS]: three instances under load; after 70 s of quiet (the control),
# KIND = roll (SIGTERM, start again, each instance, twice, 25 s apart),
#        slowroll (the same, the instance's relay slowed SLOWMS ms per answer 5 s before its SIGTERM, back to 0 once it exited),
#        kill9 (SIGKILL, start again, each instance once, 30 s apart),
#        allatonce (SIGTERM all three, start all three at once; twice, 75 s apart);
# then 60 s more load, a check live, the three stopped, a check again.
N=$1 KIND=$2 SLOWMS=${3:-2500}
cd /tmp/s26/h108/results/run
export DB=h108_$N
H=/tmp/s26/h108/bin/h108harness
source /work/main/.tmp/services.env
ev() { echo "$(date -u +%T.%N) $(date +%s.%N) $*" >> $DB.events; }
ev "run $N $KIND slow=$SLOWMS load=$(cut -d' ' -f1-3 /proc/loadavg)"
[ -f proxy.pid ] && kill -0 $(cat proxy.pid) 2>/dev/null || { ./ctl.sh proxy; sleep 1; }
for i in 1 2 3; do ./ctl.sh start i$i $i; done
sleep 3
ROUNDS=${ROUNDS:-2}
case $KIND in none) EV=150;; roll|slowroll) EV=$((ROUNDS*3*25));; kill9) EV=90;; allatonce) EV=150;; esac
DUR=$((70+EV+60))
KEYS="cA:sA:::4,cB:sB:::2,cC:sC:::3,cD:sD:::6,app:sapp:u1:p1:1.5,app:sapp:u2:p2:0.5,app:sapp:u3:p3:0.25"
$H load -log $DB.log -dur ${DUR}s -keys $KEYS -targets 127.0.0.1:22011,127.0.0.1:22012,127.0.0.1:22013 > $DB-load.out 2>&1 &
LP=$!
$H watch -dur $((DUR+20))s -key cD > $DB.watch 2>&1 &
WP=$!
sleep 70
QUIET=$(date +%s)
ev "quiet ends $QUIET"
case $KIND in
none) sleep 150 ;;
roll) for r in 1 2; do for i in 1 2 3; do ./ctl.sh stop i$i; ./ctl.sh start i$i $i; sleep 25; done; done ;;
slowroll) for r in $(seq 1 $ROUNDS); do for i in 1 2 3; do ./ctl.sh slow 2210$i $SLOWMS; sleep 5; ./ctl.sh stop i$i; ./ctl.sh slow 2210$i 0; ./ctl.sh start i$i $i; sleep 20; done; done ;;
kill9) for i in 1 2 3; do ./ctl.sh kill i$i; ./ctl.sh start i$i $i; sleep 30; done ;;
allatonce) for r in 1 2; do
    for i in 1 2 3; do ./ctl.sh stop i$i & done; wait $(jobs -p | grep -v -e $LP -e $WP) 2>/dev/null
    for i in 1 2 3; do ./ctl.sh start i$i $i; done; sleep 75; done ;;
esac
wait $LP
ev "load done load=$(cut -d' ' -f1-3 /proc/loadavg)"
cat $DB-load.out
sleep 5
$H check -db $DB -log $DB.log -quiet-until $QUIET > $DB-check-live.txt
for i in 1 2 3; do ./ctl.sh stop i$i; done
sleep 1
$H check -db $DB -log $DB.log -quiet-until $QUIET > $DB-check.txt
kill $WP 2>/dev/null
grep -E "^TOTAL|^key|^sliding" $DB-check.txt
grep -h '"ERROR"\|final flush\|heartbeat not deleted' $DB-i*.log | cut -c1-400
