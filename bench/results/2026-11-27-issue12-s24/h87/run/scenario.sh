#!/bin/bash
# The h87 run: 17 minutes of load; b restarted at +240s, the store cut (proxy refuses) at +420s for 30s, c stopped for good at +600s.
cd /tmp/s24/h87/run
./phase.sh load-start
/tmp/s24/h87/load -d 1020s -o /tmp/s24/h87/results/requests.log \
  -spec name=under,client=demo-service,secret=demo-secret,grant=cc,rps=2 \
  -spec name=over,client=batch-exporter,secret=batch-secret,grant=cc,rps=4 \
  -spec name=dry,client=dry-app,secret=dry-secret,grant=cc,rps=3 \
  -spec name=alice,client=mobile-app,secret=mobile-secret,grant=password,user=alice,pass=alice-password,rps=0.5 \
  -spec name=bob,client=mobile-app,secret=mobile-secret,grant=password,user=bob,pass=bob-password,rps=2 \
  -spec name=gw,client=internal-gateway,secret=gateway-secret,grant=cc,rps=2 \
  -spec name=bad,client=demo-service,secret=demo-secret,grant=dup,rps=0.5 &
LP=$!
echo $LP > pid-load
sleep 240
./phase.sh b-stop; kill -TERM $(cat pid-b); while kill -0 $(cat pid-b) 2>/dev/null; do sleep 0.2; done; ./phase.sh b-exited
./start.sh b
sleep 176
./phase.sh cut-start; curl -s '127.0.0.1:22021/mode?m=refuse'
sleep 30
./phase.sh cut-end; curl -s '127.0.0.1:22021/mode?m=pass'
sleep 150
./phase.sh c-stop; kill -TERM $(cat pid-c); while kill -0 $(cat pid-c) 2>/dev/null; do sleep 0.2; done; ./phase.sh c-exited
wait $LP
./phase.sh load-end
