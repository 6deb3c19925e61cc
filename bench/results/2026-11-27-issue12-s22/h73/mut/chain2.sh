#!/bin/bash
while pgrep -f "run.py syncer_muts.py" >/dev/null; do sleep 5; done
OUT=/tmp/s22/h73/results/mut/extra_quick.jsonl python3 run.py cache_muts.py K40b G10b G29b > extra_quick.txt 2>&1
OUT=/tmp/s22/h73/results/mut/extra_quick.jsonl python3 run.py syncer_muts.py F23b >> extra_quick.txt 2>&1
