# usage: seedrun.sh <binary> <seedsfile>: one line per seed, PASS/FAIL and the first failure line
for s in $(cat $2); do
  out=$(SYNCER_SIM_JUMPS=1 SYNCER_SIM_SEED=$s $1 -test.run 'TestSimulation/jumps$' 2>&1)
  if echo "$out" | grep -q "^--- FAIL\|^FAIL"; then echo "$s FAIL $(echo "$out" | grep -m1 -A1 'failed:' | tail -1 | sed 's/^ *//')"; else echo "$s PASS"; fi
done
