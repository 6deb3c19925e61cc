#!/bin/bash
while pgrep -f "run-mutants.sh|run-mutants2.sh" >/dev/null; do sleep 5; done
for m in nowiden nosecondcopy; do
out=/tmp/s32/h174/results/mutant-$m.log
echo "== $m, the whole cache suite (no h174 tests) $(date -u)" > $out
(cd /tmp/s32/h174/mut/$m && go test -count=1 -timeout 30m ./cache > $out.full 2>&1; grep -E '^ *--- FAIL|^(FAIL|ok|panic|fatal)|unexpected fault' $out.full; grep -E '_test.go:[0-9]+:' $out.full | cut -c1-300 | head -8; grep -m3 -A1 'cache.Test' $out.full) >> $out
echo "== done $(date -u)" >> $out
done
