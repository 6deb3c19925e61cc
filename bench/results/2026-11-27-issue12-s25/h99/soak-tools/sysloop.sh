#!/bin/bash
# every minute: load average and FerretDB's CPU time (the shared one)
source /work/main/.tmp/services.env
while true; do
  echo "$(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) ferretdb_cpu_ticks $(awk '{print $14+$15}' /proc/$FERRETDB_PID/stat)"
  sleep 60
done
