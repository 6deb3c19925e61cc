#!/bin/bash
echo "$1 $(date +%s) $(date -u +%T)" | tee -a /tmp/s24/h87/results/phases.txt
