#!/bin/bash
# The simulations at 2b462dd, -race, one after another (time-bounded: the session's report is due 21:05).
cd /tmp/s34/h191/repo/syncer
B=/tmp/s34/h191/results/simrace-2b462dd.test
R=/tmp/s34/h191/results
t() { date -u +%T; }
echo "deletes start $(t)" > $R/sims2.times
SYNCER_SIM_DELETES=1 SYNCER_SIM_SEEDS=100 $B -test.run 'TestSimulation/deletes$' -test.count=1 -test.v -test.timeout 1h > $R/sim2-deletes-seeds100-race.log 2>&1; echo "rc=$?" >> $R/sim2-deletes-seeds100-race.log
echo "detector start $(t)" >> $R/sims2.times
SYNCER_SIM_DETECTOR=all SYNCER_SIM_NOEXCUSE=1 SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=100 $B -test.run 'TestSimulation/jumps$' -test.count=1 -test.v -test.timeout 1h > $R/sim2-detector-all-noexcuse-jumps-seeds100-race.log 2>&1; echo "rc=$?" >> $R/sim2-detector-all-noexcuse-jumps-seeds100-race.log
echo "jumps start $(t)" >> $R/sims2.times
SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEEDS=100 $B -test.run 'TestSimulation/jumps$' -test.count=1 -test.v -test.timeout 1h > $R/sim2-jumps-seeds100-race.log 2>&1; echo "rc=$?" >> $R/sim2-jumps-seeds100-race.log
echo "plain start $(t)" >> $R/sims2.times
SYNCER_SIM_SEEDS=100 $B -test.run 'TestSimulation' -test.count=1 -test.v -test.timeout 2h > $R/sim2-plain-seeds100-race.log 2>&1; echo "rc=$?" >> $R/sim2-plain-seeds100-race.log
echo "end $(t)" >> $R/sims2.times
