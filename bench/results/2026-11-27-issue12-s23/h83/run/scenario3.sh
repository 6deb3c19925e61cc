#!/bin/bash
# h83: S4 and S6 again, with the processes' own pids (the first run signalled setsid wrappers).
set -u
source /tmp/s23/h83/run/env.sh
checkpoint() { lc pause >/dev/null; sleep 4; audit "$1"; lc resume >/dev/null; }
waitgone() { while kill -0 $1 2>/dev/null; do sleep 0.1; done; }
P=$(cat $R/ferret.pid); ev "S4b SIGKILL ferretdb pid $P"; kill -KILL $P; waitgone $P; ev "S4b ferretdb gone"; sleep 5; start_ferret; ev "S4b ferretdb back"
sleep 40; checkpoint S4b

ev "S6b cut (restart inst3 and stop inst2 during it)"; pc cut; sleep 40
P=$(cat $R/inst3.pid); ev "S6b SIGTERM inst3 pid $P"; kill -TERM $P; waitgone $P; ev "S6b inst3 exited"; start_inst 3
sleep 20
P=$(cat $R/inst2.pid); ev "S6b SIGTERM inst2 pid $P (stays stopped)"; kill -TERM $P; waitgone $P; ev "S6b inst2 exited"
sleep 40; pc restore; ev "S6b restored"
sleep 45; checkpoint S6b
ev "scenario3 done"
