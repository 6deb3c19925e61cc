#!/bin/bash
# phase.sh NAME: appends "NAME unix-time" to results/phases.txt
echo "$1 $(date +%s) $(date -u +%T)" | tee -a /tmp/s20/h58/results/phases.txt
