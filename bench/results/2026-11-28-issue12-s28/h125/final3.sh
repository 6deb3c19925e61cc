#!/bin/sh
R=/tmp/s28/h125/results
cd /tmp/s28/h125/repo
git log --oneline -1 > $R/final3-commit.txt
go test -c -o /tmp/s28/h125/new.test .
for i in 1 2 3; do GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 /tmp/s28/h125/old.test /tmp/s28/h125/new.test; done > $R/instructions-final3.txt 2>&1
(cd bench && go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter) > $R/benchratio-final3.txt 2>&1
go test -race -count=1 -p 1 ./cache/ ./syncer/ > $R/race-cache-syncer-final3.txt 2>&1; echo rc=$? >> $R/race-cache-syncer-final.txt
SYNCER_SIM_SEEDS=20 go test -race -count=1 -run TestSimulation ./syncer/ > $R/sim20-final3.txt 2>&1; echo rc=$? >> $R/sim20-final.txt
(cd syncer && go test -c -o /tmp/s28/h125/results/sim-final3.test . && SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=100 /tmp/s28/h125/results/sim-final3.test -test.run 'TestSimulation/jumps' -test.count=1 > $R/jumps100-final3.txt 2>&1; SYNCER_SIM_JUMPS=stack SYNCER_SIM_SEEDS=40 /tmp/s28/h125/results/sim-final3.test -test.run 'TestSimulation/jumps' -test.count=1 > $R/stack40-final3.txt 2>&1)
echo done > $R/final3.done
