#!/usr/bin/env bash
# usage: measure.sh OUTFILE BIN...   (bench binaries, full paths) — both sizes, three rounds
out=$1; shift
cd /tmp/s31/h166/repo
for r in 1 2 3; do
 for lim in project-fixedclock project-1m1h-fixedclock; do
  echo "round $r $lim" >> $out
  GOGC=off bench/instructions.sh "BenchmarkDecide/keys=1\$/lim=$lim\$/dist=uniform/mode=serial" 100000 300000 "$@" >> $out 2>&1
 done
done
