cd /tmp/s28/h133/repo
go test -race -count=1 -p 1 -skip TestSimulation ./syncer/ > /tmp/s28/h133/results/race-syncer.txt 2>&1; echo rc=$? >> /tmp/s28/h133/results/race-syncer.txt
cd /tmp/s28/h133/wt8671 && go test -c -o /tmp/s28/h133/results/pre-fix.test ./syncer/ && bash /tmp/s28/h133/results/seedrun.sh /tmp/s28/h133/results/pre-fix.test /tmp/s28/h133/results/seeds20.txt > /tmp/s28/h133/results/seeds20-at-8671f5f-plus-fix.txt; bash /tmp/s28/h133/results/seedrun.sh /tmp/s28/h133/results/pre-fix.test /tmp/s28/h133/results/seeds40.txt > /tmp/s28/h133/results/seeds40-at-8671f5f-plus-fix.txt
echo done > /tmp/s28/h133/results/bg.done
