#!/bin/bash
# watchdrop.sh: counts of counters, _instances, _tiers every second around the drop (T0+418 .. T0+428).
cd /tmp/s25/h97/run3
export OP_URI=$(cat uri.txt) OP_DB=h97fleet3
T0=$(date -d "$(sed -n 's/== scenario start //p' ops.log)" +%s)
while [ $(date +%s) -lt $((T0+418)) ]; do sleep 0.5; done
for i in $(seq 1 12); do ../bin/op2 count -to counters,counters_instances,counters_tiers | tr '\n' ' '; echo; sleep 0.5; done
