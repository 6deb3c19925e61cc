#!/bin/bash
# h35: one-link latency sweep on s2 (i2's link): each latency from second 50 of a minute
# through the whole next frame (70 s), then one frame without; baseline frame first.
RUN=${RUN:?}
LATS=${LATS:-50 100 200 400 700}
source /tmp/s16/h35/bench/lib.sh
cleanup() { touch $R/stop; wait $LG 2>/dev/null; wait $SC 2>/dev/null; stop_all; }
trap cleanup EXIT
mark "binary $BINARY $(sha256sum $BINARY | cut -c1-12)"
start_infra
for n in 1 2 3; do start_inst $n; done
for n in 1 2 3; do wait_ready $n; done
rm -f $R/stop
$B/loadgen -db $DB -out $R -duration 60m -settle 10s -stopfile $R/stop \
  -instances 127.0.0.1:18351,127.0.0.1:18352,127.0.0.1:18353 -admins 127.0.0.1:19351,127.0.0.1:19352,127.0.0.1:19353 \
  2>$R/logs/loadgen.log & LG=$!
scrape_i2 & SC=$!
mark "load start"
at_sec 50; mark "PHASE baseline"
for L in $LATS; do
  at_sec 50; mark "PHASE latency ${L}ms on s2"
  toxic s2 latency lat2 -d latency=$L; sleep 70; untoxic s2 lat2
  mark "PHASE recover after ${L}ms"
done
at_sec 5; mark "PHASE end"
touch $R/stop; wait $LG; mark "loadgen exited"
