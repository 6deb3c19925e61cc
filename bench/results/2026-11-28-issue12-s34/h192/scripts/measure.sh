#!/bin/bash
# The brief's counts, old (base 9e80055) against new, three rounds each.
cd /tmp/s34/h192/repo
O=/tmp/s34/h192; R=$O/results
for round in 1 2 3; do
  for lim in project-fixedclock project-1m1h-fixedclock; do
    echo "round $round"; GOGC=off bench/instructions.sh "BenchmarkDecide/keys=1\$/lim=$lim\$/dist=uniform/mode=serial" 100000 300000 $O/bold.test $O/bnew.test
  done >> $R/instr-decide-1key.txt 2>&1
  for mw in client_credentials password_with_aggregate; do
    echo "round $round"; GOGC=off bench/instructions.sh "BenchmarkMiddleware\$/$mw\$" 50000 150000 $O/old.test $O/new.test
  done >> $R/instr-middleware.txt 2>&1
done
for round in 1 2 3; do
  echo "round $round"; GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $O/bold.test $O/bnew.test
done >> $R/instr-1m-misses.txt 2>&1
echo done >> $R/measure.done
