#!/usr/bin/env bash
# linediff.sh ANN_OLD ANN_NEW N: per-op counts by source text, lines that changed (cache/, window/)
cd /tmp/s31/h166/results
for a in "$1" "$2"; do awk '/-- Auto-annotated source:/{p=($0 ~ /\/(cache|window)\//); split($0,x,"/"); f=x[length(x)]; next} p && /^ *[0-9,]+ /{n=$1; gsub(",","",n); $1=""; sub(/^ +/,""); print f": "$0"\t"n}' $a | awk -F'\t' '{s[$1]+=$2} END{for(k in s) print k"\t"s[k]}' | sort > $a.ln; done
join -t$'\t' -a1 -a2 -e0 -o 0,1.2,2.2 $1.ln $2.ln | awk -F'\t' -v N=$3 '{d=($3-$2)/N; if (d>0.3||d<-0.3) printf "%+.2f\t%.2f\t%.2f\t%s\n", d, $2/N, $3/N, substr($1,1,150)}' | sort -g
