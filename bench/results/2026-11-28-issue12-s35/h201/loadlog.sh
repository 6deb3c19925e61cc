#!/usr/bin/env bash
# uptime every 15 s into $1 until killed
while true; do echo "$(date -u +%T) $(uptime)" >>"$1"; sleep 15; done
