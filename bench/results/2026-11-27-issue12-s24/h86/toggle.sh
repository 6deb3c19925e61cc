#!/bin/bash
# toggle.sh: at +15 s of the next minute's :02, DELETE mobile-app's override (on c); at +27 s PUT it back enforce (on a)
cd /tmp/s24/h86/run; O=/tmp/s24/h86/results/p3-per-instance/toggle.txt; mkdir -p $(dirname $O)
now=$(date +%s); next=$(( (now/60+1)*60 + 2 )); sleep $(( next - now + 15 ))
{ date -u +%T.%N; ./adm.sh 2 DELETE /admin/overrides/mobile-app | tr -d '\n'; echo; } >> $O
sleep 12
{ date -u +%T.%N; ./adm.sh 0 PUT /admin/overrides/mobile-app '{"mode":"enforce"}' | tr -d '\n'; echo; } >> $O
