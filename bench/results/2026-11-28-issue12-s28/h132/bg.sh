set -x
R=/tmp/s28/h132/results
cd /tmp/s28/h132/sim
(SYNCER_SIM_SEEDS=20 go test -race -count=1 -run TestSimulation ./syncer/ 2>&1; echo rc=$?) > $R/sim20.txt
(SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=20 go test -race -count=1 -run 'TestSimulation/jumps' ./syncer/ 2>&1; echo rc=$?) > $R/jumps20.txt
cd /tmp/s28/h132/base && go test -c -o /tmp/s28/h132/old.test . 
git -C /tmp/s28/h132/repo log -1 --oneline > $R/new-test-commit.txt; cd /tmp/s28/h132/repo && go test -c -o /tmp/s28/h132/new.test .
for i in 1 2 3; do GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 /tmp/s28/h132/old.test /tmp/s28/h132/new.test; done > $R/instructions.txt 2>&1
(cd bench && go run ./cmd/benchratio -rounds 1 -benchtime 50ms -keys 1000000 -workloads uniform/mode=serial -contenders go-limiter) > $R/benchratio.txt 2>&1
echo done > $R/bg.done
