#!/usr/bin/env bash
# Per-function instructions per op (cachegrind at N2 minus N1, / (N2-N1)) of the
# functions matching FUNCRE, for a bench binary and a benchmark.
# usage: perfunc.sh BENCH N1 N2 FUNCRE BINARY...
set -euo pipefail
bench=$1 n1=$2 n2=$3 fre=$4; shift 4
for b in "$@"; do
  for n in $n1 $n2; do
    GOGC=off valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/tmp/s31/h161/results/cg.$n.out "$b" -test.run '^$' -test.bench "$bench" -test.benchtime "${n}x" -test.cpu 1 >/dev/null 2>&1
    cg_annotate --auto=no /tmp/s31/h161/results/cg.$n.out 2>/dev/null | grep -E "$fre" | awk '{gsub(",","",$1); f=$NF; sub(/^[^:]*:/,"",f); s[f]+=$1} END {for (f in s) print s[f], f}' | sort -k2 > /tmp/s31/h161/results/cg.$n.txt
  done
  join -1 2 -2 2 /tmp/s31/h161/results/cg.$n1.txt /tmp/s31/h161/results/cg.$n2.txt | awk -v d=$((n2-n1)) -v b="$(basename $b)" '{printf "%s %s %.2f\n", b, $1, ($3-$2)/d}'
done
