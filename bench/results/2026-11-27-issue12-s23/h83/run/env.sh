R=/tmp/s23/h83/run
RES=/tmp/s23/h83/results
PGURL=postgres://oauth_ratelimit_test:oauth_ratelimit_test@127.0.0.1:5432/oauthrl_h83_s23
FERRET=/work/main/.tmp/bin/ferretdb
BIN=/tmp/s23/h83/oauth-ratelimit
H=/tmp/s23/h83/h83harness
DIRECT='mongodb://127.0.0.1:37183/'
PROXIED='mongodb://127.0.0.1:37184/?directConnection=true&serverMonitoringMode=poll&heartbeatFrequencyMS=60000&connectTimeoutMS=2000'
ts() { date -u +%H:%M:%S.%3N; }
ev() { echo "$(ts) $*" | tee -a $RES/events.log; }
start_ferret() {
  (cd $R && setsid -f bash -c 'echo $$ > '$R'/ferret.pid; exec "$@"' ferret $FERRET -listen-addr 127.0.0.1:37183 -postgresql-url "$PGURL" -log-level warn >>$RES/ferretdb.log 2>&1 </dev/null); sleep 0.3
  for i in $(seq 50); do $FERRET -ping "$DIRECT" -wait 1s >/dev/null 2>&1 && break; sleep 0.2; done
  ev "ferretdb started pid $(cat $R/ferret.pid)"
}
start_inst() { # $1 = 1..3
  local n=$1
  (cd $R && setsid -f bash -c 'echo $$ > '$R'/inst'$n'.pid; exec "$@"' inst $BIN --instance h83-i$n --listen 127.0.0.1:3719$n --admin-listen 127.0.0.1:3720$n \
     --mongo-uri "$PROXIED" --mongo-database h83 --policy $R/policy.yaml --demo-clients $R/clients.yaml \
     --policy-watch=false >>$RES/inst$n.log 2>&1 </dev/null); sleep 0.3
  ev "inst$n started pid $(cat $R/inst$n.pid)"
}
pc() { curl -s "http://127.0.0.1:37185/$1"; }
lc() { curl -s "http://127.0.0.1:37186/$1"; }
audit() { ev "audit $1"; $H audit -uri "$DIRECT" -db h83 -log $RES/requests.csv | tee -a $RES/audit.txt | sed 's/^/   /'; echo "== $1" >> $RES/audit.txt; }
