cd /tmp/s28/h133/repo
go test -race -count=1 -p 1 -skip TestSimulation ./syncer/ > /tmp/s28/h133/results/race-syncer-final.txt 2>&1; echo rc=$? >> /tmp/s28/h133/results/race-syncer-final.txt
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./... > /tmp/s28/h133/results/staticcheck.txt 2>&1; echo rc=$? >> /tmp/s28/h133/results/staticcheck.txt
echo done > /tmp/s28/h133/results/final.done
