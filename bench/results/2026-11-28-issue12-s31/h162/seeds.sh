#!/usr/bin/env bash
# Run the simulation seeds that needed each hold rule: BIN, then PROBE=1 or empty.
BIN=$1; PROBE=$2
run() { mode=$1; seed=$2
  out=$(SYNCER_SIM_PROBE=$PROBE SYNCER_SIM_JUMPS=$mode SYNCER_SIM_SEED=$seed timeout 600 $BIN -test.run 'TestSimulation/jumps$' -test.count=1 2>&1)
  rc=$?
  echo "mode=$mode seed=$seed rc=$rc"; echo "$out" | grep -E 'FAIL|store holds|want|^ok|PASS' | head -5
}
run 1 14517789502130780888
run 1 2567410787843930839
run stack 14274432968709304804
run stack 13777544541191805033
