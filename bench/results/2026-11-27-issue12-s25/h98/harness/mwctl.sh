#!/bin/bash
# mwctl.sh start NAME [mw flags] | stop : one mw harness server at a time, by its pid.
R=/tmp/s25/h98/results
H=/tmp/s25/h98/harness
cd $H
stop() {
  if [ -f $H/mw.pid ]; then
    p=$(cat $H/mw.pid); kill $p 2>/dev/null
    for i in $(seq 100); do kill -0 $p 2>/dev/null || break; sleep 0.1; done
    rm -f $H/mw.pid
  fi
}
case $1 in
start)
  name=$2; shift 2
  stop
  ./h98harness mw "$@" > $R/mw-$name.log 2>&1 &
  echo $! > $H/mw.pid
  for i in $(seq 50); do curl -s -o /dev/null http://127.0.0.1:23091/goroutines && break; sleep 0.1; done ;;
stop) stop ;;
esac
