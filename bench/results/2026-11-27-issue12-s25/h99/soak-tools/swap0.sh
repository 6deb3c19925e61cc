#!/bin/bash
# at 18:20 UTC: inst0 restarted (SIGTERM) on the binary with the subjects fix
R=/tmp/s25/h99/results; D=/tmp/s25/h99/run
sleep $(( $(date -d '18:20' +%s) - $(date +%s) ))
echo "$(date -u +%T) SIGTERM inst0 pid $(cat $D/inst0.pid) (swap to fixed binary)" >> $R/events.log
kill -TERM $(cat $D/inst0.pid); sleep 5
BIN=/tmp/s25/h99/bin/oauth-ratelimit-soak-fixed $D/start-inst.sh 0
