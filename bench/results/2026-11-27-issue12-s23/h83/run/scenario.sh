#!/bin/bash
# h83's outage drill: each phase logged to results/events.log.
set -u
source /tmp/s23/h83/run/env.sh
checkpoint() { lc pause >/dev/null; sleep 4; audit "$1"; lc resume >/dev/null; }
(setsid $H load -targets 127.0.0.1:37191,127.0.0.1:37192,127.0.0.1:37193 -admins 127.0.0.1:37201,127.0.0.1:37202,127.0.0.1:37203 \
   -out $RES/requests.csv -poll $RES/poll.jsonl -ctl 127.0.0.1:37186 -max 40m >>$RES/load.log 2>&1 </dev/null & echo $! > $R/load.pid)
ev "load started"
sleep 75
checkpoint baseline

ev "S1 cut 30s"; pc cut; sleep 30; pc restore; ev "S1 restored"
sleep 40; checkpoint S1

ev "S2 cut 180s"; pc cut; sleep 180; pc restore; ev "S2 restored"
sleep 45; checkpoint S2

ev "S3 flapping 4s down / 4s up x8"
for i in $(seq 8); do pc cut >/dev/null; sleep 4; pc restore >/dev/null; sleep 4; done
ev "S3 flapping over"
sleep 40; checkpoint S3

ev "S4 SIGKILL ferretdb"; kill -KILL $(cat $R/ferret.pid); sleep 5; start_ferret; ev "S4 ferretdb back"
sleep 40; checkpoint S4

ev "S5 delay 300ms"; pc 'delay?ms=300'; sleep 60; ev "S5 delay 1500ms"; pc 'delay?ms=1500'; sleep 60; pc 'delay?ms=0'; ev "S5 delay off"
sleep 40; checkpoint S5

ev "S6 cut (restart inst3 and stop inst2 during it)"; pc cut; sleep 40
ev "S6 SIGTERM inst3"; kill -TERM $(cat $R/inst3.pid); while kill -0 $(cat $R/inst3.pid) 2>/dev/null; do sleep 0.2; done; ev "S6 inst3 exited"; start_inst 3
sleep 20
ev "S6 SIGTERM inst2 (stays stopped)"; kill -TERM $(cat $R/inst2.pid); while kill -0 $(cat $R/inst2.pid) 2>/dev/null; do sleep 0.2; done; ev "S6 inst2 exited"
sleep 40; pc restore; ev "S6 restored"
sleep 45; checkpoint S6
ev "scenario done"
