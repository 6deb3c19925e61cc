#!/bin/bash
# waits for m2, then runs m3 at the final commit
while [ ! -e /tmp/s28/h130/results/m2/measure.done ]; do sleep 5; done
/tmp/s28/h130/results/measure3.sh m3
