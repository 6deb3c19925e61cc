R=/tmp/s28/h132/results
cd /tmp/s28/h132/sim
git log --oneline -1 > $R/final-commit.txt
(go test -race -count=1 -p 1 ./cache/ 2>&1; echo rc=$?) > $R/race-cache-final.txt
(SYNCER_SIM_SEEDS=20 go test -race -count=1 -run TestSimulation ./syncer/ 2>&1; echo rc=$?) > $R/sim20-final.txt
(go test -race -count=1 -p 1 -skip TestSimulation ./syncer/ 2>&1; echo rc=$?) > $R/race-syncer-final.txt
go test -c -o /tmp/s28/h132/new.test .
for i in 1 2 3; do GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 /tmp/s28/h132/old.test /tmp/s28/h132/new.test; done > $R/instructions-final.txt 2>&1
echo done > $R/final.done
