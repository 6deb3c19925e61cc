#!/bin/bash
# ab.sh: short alternated runs (3 min load, no restarts), base then change.
cd /tmp/s24/h88
for r in abA:72ae45e abB:2fb7cf9; do
  cp bin/oauth-ratelimit.${r#*:} bin/oauth-ratelimit
  uptime > results/${r%%:*}-load-before.txt
  DUR=3m RALL=99999 RHALF=99999 timeout 400 ./run.sh 24 ${r%%:*} > results/${r%%:*}-run.out 2>&1
done
