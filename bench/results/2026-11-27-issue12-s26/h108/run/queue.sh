#!/bin/bash
cd /tmp/s26/h108/results/run
export CONNECT_MS=
ROUNDS=1 ORL_BIN=orl ./drill.sh d2bold slowroll 2000 > d2bold.out 2>&1
ROUNDS=1 ORL_BIN=orl-fix ./drill.sh d2bnew slowroll 2000 > d2bnew.out 2>&1
ORL_BIN=orl-fix ./drill.sh d3kill9 kill9 > d3kill9.out 2>&1
ORL_BIN=orl-fix ./drill.sh d4all allatonce > d4all.out 2>&1
echo queue done > queue.done
