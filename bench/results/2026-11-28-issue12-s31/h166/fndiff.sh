#!/usr/bin/env bash
# fndiff.sh CG_OLD CG_NEW N : per decision difference per file:function
cd /tmp/s31/h166/results
for b in "$1" "$2"; do cg_annotate --auto=no --threshold=0.01 $b 2>/dev/null | awk '/file:function/{f=1;next} f && /^ *[0-9,]+ +\(/ {n=$1; gsub(",","",n); sub(/^ *[0-9,]+ +\( *[0-9.]+%\) +/,""); gsub("/tmp/s31/h166/[a-z0-9]+/","",$0); gsub("github.com/oauth-ratelimit/oauth-ratelimit/","",$0); print $0"\t"n}' | sort > $b.fn; done
join -t$'\t' -a1 -a2 -e0 -o 0,1.2,2.2 $1.fn $2.fn | awk -F'\t' -v N=$3 '{d=($3-$2)/N; if (d>0.3||d<-0.3) printf "%+.2f\t%.2f\t%.2f\t%s\n", d, $2/N, $3/N, $1}' | sort -g
