#!/usr/bin/env bash
# cgfn.sh BENCH N BIN... : per-function instruction counts (cachegrind) at N iterations,
# diffed against the first binary, per op; functions that moved by more than 0.5/op.
set -eu
bench=$1 n=$2; shift 2
d=$(mktemp -d)
for b in "$@"; do
	GOGC=off valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=$d/cg.out "$b" -test.run '^$' -test.bench "$bench" -test.benchtime ${n}x -test.cpu 1 >/dev/null 2>&1
	cg_annotate --threshold=0 $d/cg.out 2>/dev/null | awk '/file:function/{f=1;next} /^-+$/ && f==1 && seen {exit} f{seen=1; print}' | sed -nE 's/^ *([0-9,]+) \( *[0-9.]+%\) +(\/.*)$/\2\t\1/p' | tr -d ',' | sed -E 's@^/tmp/s21/h68/[^/]+/@@' | sort -t$'\t' -k1,1 > $d/$(basename $b).fn
done
first=$(basename $1); shift
for b in "$@"; do
	echo "== $(basename $b) - $first, per op ($bench, $n iterations)"
	join -t$'\t' -a1 -a2 -e0 -o 0,1.2,2.2 $d/$first.fn $d/$(basename $b).fn | awk -F'\t' -v n=$n '{x=($3-$2)/n; if (x>0.5||x<-0.5) {printf "%+8.1f  %s\n", x, $1; s+=x}} END {printf "%+8.1f  sum of the above\n", s}' | sort -g
done
rm -r $d
