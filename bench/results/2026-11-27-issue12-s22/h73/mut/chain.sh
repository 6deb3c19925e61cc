#!/bin/bash
# wait for the cache run, then the syncer quick run
while pgrep -f "run.py cache_muts.py" >/dev/null; do sleep 5; done
OUT=/tmp/s22/h73/results/mut/syncer_quick.jsonl python3 run.py syncer_muts.py > syncer_quick.txt 2>&1
