#!/bin/bash
cd /tmp/s30/h150/repo
R=/tmp/s30/h150/results
echo "HEAD $(git rev-parse --short HEAD) $(date -u)" > $R/race-cache.txt
go test -race -count=1 -p 1 ./cache/ >> $R/race-cache.txt 2>&1; echo "exit $? $(date -u)" >> $R/race-cache.txt
echo "HEAD $(git rev-parse --short HEAD) $(date -u)" > $R/race-root-dashboards.txt
go test -race -count=1 -p 1 . ./dashboards/ >> $R/race-root-dashboards.txt 2>&1; echo "exit $? $(date -u)" >> $R/race-root-dashboards.txt
