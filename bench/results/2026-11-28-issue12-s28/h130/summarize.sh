#!/bin/bash
# prints each pair file's summary lines with the load at its start and end
for f in "$1"/pair-*.txt; do
  s=$(head -1 $f | sed 's/.*load average: \([0-9.]*\),.*/\1/'); e=$(tail -1 $f | sed 's/.*load average: \([0-9.]*\),.*/\1/'); t=$(head -1 $f | cut -c3-10)
  grep -A3 "^summary over 20 pairs" $f | grep "keys=" | sed "s#^#$(basename $f .txt) $t load $s->$e | #"
done
grep -A8 "memory per key" "$1"/mem-1M-*.txt | grep "B/key"
