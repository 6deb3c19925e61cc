#!/bin/bash
while pgrep -f "chain2.sh" >/dev/null; do sleep 5; done
MODE=long OUT=/tmp/s22/h73/results/mut/cache_long.jsonl python3 run.py cache_muts.py K15 K20 K24 K26 K28 K32 K37 K39 K45 G12 G13 G20 G24b G25 > cache_long.txt 2>&1
MODE=full OUT=/tmp/s22/h73/results/mut/syncer_full.jsonl python3 run.py syncer_muts.py $(cat full_ids.txt) > syncer_full.txt 2>&1
