#!/usr/bin/env bash
# runseeds-c.sh MODE SEEDFILE [env...]: each seed alone on C's binary, SYNCER_SIM_JUMPS=MODE; prints pass/fail and the failing seeds.
BIN=/tmp/s32/h171/c-syncer.test; MODE=$1; F=$2; shift 2
cd /tmp/s32/h171/repo/syncer
pass=0; fail=0; last=$(mktemp)
while read -r seed; do
  [ -z "$seed" ] && continue
  if env "$@" SYNCER_SIM_JUMPS=$MODE SYNCER_SIM_SEED=$seed $BIN -test.run 'TestSimulation/jumps$' -test.count=1 > $last 2>&1; then
    pass=$((pass+1))
  else
    fail=$((fail+1)); echo "FAIL seed $seed"; grep -E 'store holds|want' $last | head -3
  fi
done < "$F"
echo "env=$* mode=$MODE pass=$pass fail=$fail"
rm -f $last
