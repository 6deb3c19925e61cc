#!/bin/bash
while pgrep -f 'results/instr.sh' >/dev/null; do sleep 10; done
cd /tmp/s33/h179/newwt/bench && git -C /tmp/s33/h179/newwt checkout -q 978b356 && go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter > /tmp/s33/h179/results/benchratio.txt 2>&1; echo "rc=$? $(date -u +%H:%M:%S)" >> /tmp/s33/h179/results/benchratio.txt
