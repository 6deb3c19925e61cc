#!/bin/sh
R=/tmp/s28/h125/results
cd /tmp/s28/h125/repo
[ -d /tmp/s28/h125/base ] || git worktree add -q /tmp/s28/h125/base a3e002d
(cd /tmp/s28/h125/base && go test -c -o /tmp/s28/h125/old.test .)
go test -c -o /tmp/s28/h125/new.test .
for i in 1 2 3; do GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 /tmp/s28/h125/old.test /tmp/s28/h125/new.test; done > $R/instructions.txt 2>&1
(cd bench && go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter) > $R/benchratio.txt 2>&1
go test -race -count=1 -p 1 ./cache/ ./syncer/ > $R/race-cache-syncer.txt 2>&1; echo rc=$? >> $R/race-cache-syncer.txt
SYNCER_SIM_SEEDS=20 go test -race -count=1 -run TestSimulation ./syncer/ > $R/sim20.txt 2>&1; echo rc=$? >> $R/sim20.txt
echo done > $R/final.done
