#!/bin/bash
# start.sh NAME [proxy flags...]: upstream on 28001 (ctl 28002) must run already; proxy on 28010, admin 28011
name=$1; shift
cd /tmp/s24/h93/results/run
/tmp/s24/h93/oauth-ratelimit --listen 127.0.0.1:28010 --admin-listen 127.0.0.1:28011 --upstream http://127.0.0.1:28001 \
  --policy /tmp/s24/h93/results/policy.yaml --policy-watch=false "$@" > $name.proxy.log 2>&1 &
echo $! > proxy.pid
for i in $(seq 50); do curl -sf http://127.0.0.1:28011/healthz >/dev/null && break; sleep 0.1; done
echo proxy pid $(cat proxy.pid)
