#!/usr/bin/env bash
# The twenty-seventh session's measurements on this machine's CPU, run with nothing else running.
set -u
cd /work/main
D=/work/main/bench/results/2026-11-27-issue12-s27
B=/tmp/s27/benchratio
fam=$(awk -F': ' '/^cpu family/{f=$2} /^model\t/{m=$2} /^stepping/{s=$2} END{print "family " f " model " m " stepping " s}' /proc/cpuinfo)
hdr() { echo "# $(date -u +%FT%TZ) commit $(git rev-parse --short HEAD), $(go env GOVERSION), AMD EPYC $fam; uptime: $(uptime)"; echo "# $*"; }
run() { out=$1; shift; { hdr "$@"; "$@" 2>&1; echo "# done $(date -u +%FT%TZ); uptime: $(uptime)"; } > "$D/$out"; }
run benchratio-1.txt $B -rounds 5 -benchtime 200ms
run benchratio-2.txt $B -rounds 5 -benchtime 200ms
run benchratio-3.txt $B -rounds 5 -benchtime 200ms
{
for i in 1 2 3 4; do hdr $B -pair httprate -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial; $B -pair httprate -pairs 20 -benchtime 200ms -keys 1000000 -workloads uniform/mode=serial 2>&1; done
for i in 1 2 3; do hdr $B -pair go-limiter -pairs 30 -benchtime 100ms -keys 10000 -workloads uniform/mode=serial; $B -pair go-limiter -pairs 30 -benchtime 100ms -keys 10000 -workloads uniform/mode=serial 2>&1; done
for i in 1 2 3; do hdr $B -pair floor -pairs 30 -benchtime 100ms -keys 1 -workloads uniform/mode=serial; $B -pair floor -pairs 30 -benchtime 100ms -keys 1 -workloads uniform/mode=serial 2>&1; done
echo "# done $(date -u +%FT%TZ); uptime: $(uptime)"
} > $D/pairs.txt
run http.txt bench/cmd/benchserver/bench.sh 5 8s "16" "demo fixed" "none project project-nolegacy httprate headers"
echo ALLDONE > /tmp/s27/measure.done
