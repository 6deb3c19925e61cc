#!/bin/bash
# keys.sh ADMINPORT client... : per client: reserved, used per tier (global current+local current)
A=$1; shift
for c in "$@"; do curl -s 127.0.0.1:$A/admin/keys/$c | python3 -c '
import json,sys
c=sys.argv[1]
try: d=json.load(sys.stdin)
except Exception: print(c,"(not held)"); sys.exit()
print(c, "reserved=%s"%d.get("reserved"), " ".join("%s:g=%s+%s,l=%s,res=%s,used=%s"%(t["scope"],t["global"]["previous"],t["global"]["current"],t["local"]["current"],t["reserved"],t["used"]) for t in d["tiers"]))' $c; done
