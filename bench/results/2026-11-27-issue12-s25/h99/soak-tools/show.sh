#!/bin/bash
awk -F'\t' 'NR==1{print "time who rss_kb thr fds series heap_alloc goroutines cache_keys detached refresh_subj"} $2!="store"&&NR>1{printf "%s %s %s %s %s %s %.1fM %s %s %s %s\n",$1,$2,$3,$4,$5,$6,$8/1e6,$11,$15,$16,$17} $2=="store"{print $0}' /tmp/s25/h99/results/samples.tsv | column -t
