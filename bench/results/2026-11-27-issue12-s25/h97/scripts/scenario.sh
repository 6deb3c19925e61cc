#!/bin/bash
# scenario.sh: 12.5 minutes of load on i1..i3 and the five operator actions; everything logged in ops.log / snaps.txt.
cd /tmp/s25/h97/run
export OP_URI=$(cat uri.txt) OP_DB=h97fleet
T0=$(date +%s)
at() { local w=$(( $1 - ($(date +%s) - T0) )); [ $w -gt 0 ] && sleep $w; }
op() { ../bin/op "$@" 2>&1 | tee -a ops.log; }
snaps() { for d in "$@"; do at $d; ./snap.py "$LABEL+$((d-BASE))s" >> snaps.txt; done; }
echo "== scenario start $(date -u +%T)" | tee -a ops.log
../bin/load -d 750s -out load.csv -phase run > load.out 2>&1 &
echo $! > load.pid
at 60; LABEL=base BASE=60 snaps 60
op save -key 'hot1|' -file saved_hot1.bson
op save -key 'app|u000' -file saved_u000.bson
# step 1: delete one busy key's document
at 90; echo "== step1 delete $(date -u +%T)" | tee -a ops.log
op delete -key 'hot2|'
LABEL=del BASE=90 snaps 91 93 96 100 110 130
# step 2: roll back hot1 and app|u000 to their copies of t=60
at 150; echo "== step2 rollback $(date -u +%T)" | tee -a ops.log
op rollback -file saved_hot1.bson
op rollback -file saved_u000.bson
LABEL=rb BASE=150 snaps 151 153 156 160 170 190 220
# step 3: copy aside, a minute, put back
at 240; echo "== step3 copy $(date -u +%T)" | tee -a ops.log
op copyall -to counters_copy
at 300; echo "== step3 restore $(date -u +%T)" | tee -a ops.log
op restore -from counters_copy
LABEL=rs BASE=300 snaps 301 303 306 310 320 340 370 400
# step 4: drop the collections
at 420; echo "== step4 drop $(date -u +%T)" | tee -a ops.log
op drop
LABEL=drop BASE=420 snaps 421 423 426 430 440 460 500
op indexes
# step 5: drop the indexes
at 540; echo "== step5 dropindexes $(date -u +%T)" | tee -a ops.log
op indexes
op dropindexes
LABEL=ix BASE=540 snaps 545 600 660 720
op indexes
wait $(cat load.pid)
cat load.out | tee -a ops.log
at 775; LABEL=end BASE=775 snaps 775
op dump > dump-end.txt
op indexes
echo "== scenario end $(date -u +%T)" | tee -a ops.log
