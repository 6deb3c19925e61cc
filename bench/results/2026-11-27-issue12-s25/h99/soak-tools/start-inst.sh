#!/bin/bash
# start-inst.sh N: start soak instance N in the background: 0..2 the fleet
# (FerretDB db h99soak through the write-serializing proxy on 24040), 3 the
# solo instance (in-memory store). BIN picks the binary.
source /work/main/.tmp/services.env
n=$1
R=/tmp/s25/h99/results
D=/tmp/s25/h99/run
inst="--instance h99-i$n"
# inst2 restarts take the default name (host, pid, random), as a pod would
if [ "$n" = 2 ] && [ -e $D/inst2.pid ]; then inst=""; fi
store=(--mongo-uri "$MONGODB_URI" --mongo-database h99soak)
pol=$D/policy.yaml; ttl=3m
if [ "$n" = 3 ]; then store=(); inst=""; pol=$D/policy-solo.yaml; ttl=10m; fi
if [ "$n" = 4 ]; then store=(); inst=""; pol=$D/policy-solo4.yaml; ttl=10m; fi
SOAK_PPROF=127.0.0.1:$((24030+n)) SOAK_REFRESH_TTL=$ttl \
nohup ${BIN:-/tmp/s25/h99/bin/oauth-ratelimit-soak} \
  --listen 127.0.0.1:$((24010+n)) --admin-listen 127.0.0.1:$((24020+n)) \
  --upstream http://127.0.0.1:24001 --policy $pol "${store[@]}" $inst \
  --sync-interval 1s >>$R/inst$n.log 2>&1 &
echo $! > $D/inst$n.pid
echo "$(date -u +%T) started inst$n pid $(cat $D/inst$n.pid) bin ${BIN:-old} ttl $ttl" >> $R/events.log
