#!/usr/bin/env bash
# prefixes each line of stdin with the UTC time and the 1-minute load average
while IFS= read -r line; do printf '%s load1=%s | %s\n' "$(date -u +%T)" "$(cut -d' ' -f1 /proc/loadavg)" "$line"; done
