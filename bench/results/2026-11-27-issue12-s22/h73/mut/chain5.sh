#!/bin/bash
sleep 30
while pgrep -f "chain[34].sh" >/dev/null; do sleep 5; done
MODE=long OUT=/tmp/s22/h73/results/mut/cache_long.jsonl python3 run.py cache_muts.py G18 K40b >> cache_long.txt 2>&1
