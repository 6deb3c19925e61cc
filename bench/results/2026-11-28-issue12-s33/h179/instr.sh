#!/bin/bash
# instruction counts: old = main 5a533d8, new = 2185d14; *clk = the server's configuration (CoarseClock Now, and Steps on new);
# newsteps/bnewsteps = Steps set to a constant func (a right clock), time.Now / fixed clock
cd /tmp/s33/h179/repo
B=/tmp/s33/h179/bin
R=/tmp/s33/h179/results/instr
mkdir -p $R
for r in 1 2 3; do
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test $B/bnewsteps.test >> $R/decide-1size.txt 2>&1
  GOGC=off bench/instructions.sh 'BenchmarkDecide/keys=1$/lim=project-1m1h-fixedclock$/dist=uniform/mode=serial' 100000 300000 $B/bold.test $B/bnew.test $B/bnewsteps.test >> $R/decide-2sizes.txt 2>&1
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/client_credentials$' 50000 150000 $B/old.test $B/new.test $B/newsteps.test $B/oldclk.test $B/newclk.test >> $R/mw-cc.txt 2>&1
  GOGC=off bench/instructions.sh 'BenchmarkMiddleware$/password_with_aggregate$' 50000 150000 $B/old.test $B/new.test $B/newsteps.test $B/oldclk.test $B/newclk.test >> $R/mw-pwa.txt 2>&1
  echo "round $r done $(date -u +%H:%M:%S)" >> $R/progress.txt
done
GOGC=off bench/instructions.sh -misses 'BenchmarkDecide/keys=1000000$/lim=project-fixedclock$/dist=uniform/mode=serial' 200000 600000 $B/bold.test $B/bnew.test $B/bnewsteps.test >> $R/misses-1M.txt 2>&1
echo "misses done $(date -u +%H:%M:%S)" >> $R/progress.txt
