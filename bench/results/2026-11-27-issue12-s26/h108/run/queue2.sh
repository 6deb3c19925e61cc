#!/bin/bash
cd /tmp/s26/h108/results/run
while [ ! -f queue.done ]; do sleep 2; done
export CONNECT_MS=
ROUNDS=1 ORL_BIN=orl-fix3 ./drill.sh d2cnew slowroll 2000 > d2cnew.out 2>&1
ORL_BIN=orl-fix3 ./drill.sh d0none none > d0none.out 2>&1
echo done > queue2.done
