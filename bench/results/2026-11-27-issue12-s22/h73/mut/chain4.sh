#!/bin/bash
sleep 20
while pgrep -f "chain3.sh" >/dev/null; do sleep 5; done
OUT=/tmp/s22/h73/results/mut/extra_quick.jsonl python3 run.py syncer_muts.py P9b P13b P14b P15b >> extra_quick.txt 2>&1
