# h35 (copied from /tmp/s15/h8-recheck/lib.sh): own ports (x35), own databases (h35_<run>). Source with RUN set.
set -u
W=/tmp/s16/h35/bench
B=$W/bin
BINARY=${BINARY:-$W/oauth-ratelimit-base}
source /work/main/.tmp/services.env
: "${RUN:?set RUN (a run directory name)}"
R=$W/runs/$RUN
mkdir -p $R/logs $R/pids
DB=${DB:-h35_${RUN//[^a-zA-Z0-9]/_}}
TOXI=127.0.0.1:28535
TC="$B/toxiproxy-cli -h http://$TOXI"
FERRET=${MONGODB_URI#mongodb://}; FERRET=${FERRET%%/*}
mark() { echo "$(date +%s.%3N) $*" | tee -a $R/phases.log; }
start_infra() {
  $B/toxiproxy-server -host 127.0.0.1 -port 28535 >$R/logs/toxiproxy.log 2>&1 & echo $! >$R/pids/toxiproxy
  $B/serialproxy -listen 127.0.0.1:27350 -upstream $FERRET >$R/logs/serialproxy.log 2>&1 & echo $! >$R/pids/serialproxy
  sleep 1
  for n in 1 2 3; do $TC create -l 127.0.0.1:2735$n -u 127.0.0.1:27350 s$n >/dev/null; done
  $TC list
}
start_inst() { # n [extra flags]
  local n=$1; shift
  OAUTH_RATELIMIT_LOG_LEVEL=info $BINARY --listen 127.0.0.1:1835$n --admin-listen 127.0.0.1:1935$n \
    --instance i$n --policy $W/conf/policy.yaml --demo-clients $W/conf/clients.yaml --policy-watch=false \
    --mongo-uri "mongodb://127.0.0.1:2735$n/?directConnection=true&serverMonitoringMode=poll" \
    --mongo-database $DB "$@" >>$R/logs/i$n.out 2>>$R/logs/i$n.log &
  echo $! >$R/pids/i$n
  mark "start i$n pid $(cat $R/pids/i$n) $*"
}
wait_ready() { for _ in $(seq 50); do curl -sf -o /dev/null http://127.0.0.1:1935$1/healthz && return 0; sleep 0.2; done; echo "i$1 not up"; return 1; }
toxic() { local p=$1 t=$2 nm=$3 dir=$4; shift 4; local a=(); for x in "$@"; do a+=(-a "$x"); done
  $TC toxic add -t $t -n $nm $dir "${a[@]}" $p >/dev/null && mark "toxic+ $p $t $nm $dir $*"; }
untoxic() { $TC toxic remove -n $2 $1 >/dev/null && mark "toxic- $1 $2"; }
stop_all() {
  for n in 1 2 3; do [ -f $R/pids/i$n ] && kill -TERM $(cat $R/pids/i$n) 2>/dev/null; done
  for n in 1 2 3; do [ -f $R/pids/i$n ] && for _ in $(seq 100); do kill -0 $(cat $R/pids/i$n) 2>/dev/null || break; sleep 0.2; done; done
  for x in serialproxy toxiproxy; do [ -f $R/pids/$x ] && kill -TERM $(cat $R/pids/$x) 2>/dev/null; done
  mark "stopped all"
}
# scrape_i2: the slowed instance's sync series every 2 s into $R/i2sync.jsonl until $R/stop exists.
scrape_i2() {
  while [ ! -f $R/stop ]; do
    t=$(date +%s.%3N)
    curl -s --max-time 2 http://127.0.0.1:19352/metrics | grep -E '^oauth_ratelimit_(sync_|store_up|store_outage)' | grep -v _bucket \
      | sed 's/"/\\"/g' | awk -v t=$t 'BEGIN{printf "{\"t\":%s", t} {printf ",\"%s\":%s", $1, $2} END{print "}"}' >>$R/i2sync.jsonl
    sleep 2
  done
}
at_sec() { local now=$(date +%s.%N); local s=$(python3 -c "import math;n=$now;b=math.floor(n/60)*60+$1;b=b+60 if b<=n else b;print(b-n)"); sleep $s; }
