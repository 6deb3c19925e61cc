#!/bin/bash
# every 5 s until 08:30 UTC: the alerts API answer, one line, into results/alerts-timeline.jsonl
end=$(date -u -d '08:30' +%s)
while [ $(date +%s) -lt $end ]; do
  echo "{\"t\":\"$(date -u +%T)\",\"a\":$(curl -s 127.0.0.1:19595/api/v1/alerts)}" >> /tmp/s20/h58/results/alerts-timeline.jsonl
  sleep 5
done
