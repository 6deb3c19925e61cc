#!/bin/bash
# h83: a 3 s SIGSTOP of one process 36 s into a cut of the store (6 s into the outage),
# with the drill's binary (old) and with the fix; the store is restored at 70 s.
set -u
source /tmp/s23/h83/run/env.sh
variant=$1; BINV=$2
startp() { local n=$1
  (cd $R && setsid -f bash -c 'echo $$ > '$R'/p'$n'.pid; exec "$@"' inst $BINV --instance h83-p$n --listen 127.0.0.1:3719$n --admin-listen 127.0.0.1:3720$n \
     --mongo-uri "$PROXIED" --mongo-database h83p --policy $R/policy.yaml --demo-clients $R/clients.yaml \
     --policy-watch=false >>$RES/pause-$variant-inst$n.log 2>&1 </dev/null); sleep 0.3; }
startp 1; startp 2; startp 3
ev "pause-$variant: 3 instances started ($BINV)"
(setsid $H load -targets 127.0.0.1:37191,127.0.0.1:37192,127.0.0.1:37193 -admins 127.0.0.1:37201,127.0.0.1:37202,127.0.0.1:37203 \
   -out $RES/pause-$variant-requests.csv -poll $RES/pause-$variant-poll.jsonl -ctl 127.0.0.1:37186 -max 100s >>$RES/load.log 2>&1 </dev/null &)
sleep 10
ev "pause-$variant: cut"; pc cut
sleep 36
P=$(cat $R/p2.pid); ev "pause-$variant: SIGSTOP inst2 pid $P for 3 s"; kill -STOP $P; sleep 3; kill -CONT $P; ev "pause-$variant: SIGCONT inst2"
sleep 31
pc restore; ev "pause-$variant: restored"
sleep 10
lc stop >/dev/null
for n in 1 2 3; do kill -TERM $(cat $R/p$n.pid); done; sleep 3
ev "pause-$variant: stopped"
