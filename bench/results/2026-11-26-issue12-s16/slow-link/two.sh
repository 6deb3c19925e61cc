#!/bin/bash
# h35: fix2 then base2, each: 700 ms on s2 twice (one frame each, a clean frame between).
cd /tmp/s16/h35/bench
RUN=fix2 BINARY=/tmp/s16/h35/bench/oauth-ratelimit-fix LATS="700 700" ./sweep.sh > runs-fix2.out 2>&1
sleep 15
RUN=base2 BINARY=/tmp/s16/h35/bench/oauth-ratelimit-base LATS="700 700" ./sweep.sh > runs-base2.out 2>&1
