#!/bin/bash
# inst2: SIGTERM at 18:04, SIGKILL at 18:24, SIGTERM at 18:44, each restarted 30 s later
# inst0: SIGTERM at 18:15, restarted at once on the binary with the subjects fix
R=/tmp/s25/h99/results; D=/tmp/s25/h99/run
ev() { echo "$(date -u +%T) $*" >> $R/events.log; }
at() { sleep $(( $(date -d "$1" +%s) - $(date +%s) )); }
at 18:04; ev "SIGTERM inst2 pid $(cat $D/inst2.pid)"; kill -TERM $(cat $D/inst2.pid); sleep 30; $D/start-inst.sh 2
at 18:15; ev "SIGTERM inst0 pid $(cat $D/inst0.pid) (to the fixed binary)"; kill -TERM $(cat $D/inst0.pid); sleep 3; BIN=/tmp/s25/h99/bin/oauth-ratelimit-soak-fixed $D/start-inst.sh 0
at 18:24; ev "SIGKILL inst2 pid $(cat $D/inst2.pid)"; kill -KILL $(cat $D/inst2.pid); sleep 30; $D/start-inst.sh 2
at 18:44; ev "SIGTERM inst2 pid $(cat $D/inst2.pid)"; kill -TERM $(cat $D/inst2.pid); sleep 30; $D/start-inst.sh 2
ev "orchestrate done"
