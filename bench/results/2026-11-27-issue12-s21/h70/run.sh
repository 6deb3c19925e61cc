#!/bin/bash
# alert mutants: copy dashboards/, mutate alerts.yaml, run promtool
R=/tmp/s21/h70/repo
run() { id=$1; from=$2; to=$3
  rm -rf /tmp/s21/h70/amut/d; cp -r $R/dashboards /tmp/s21/h70/amut/d
  python3 - "$from" "$to" <<'PY'
import sys; p='/tmp/s21/h70/amut/d/alerts.yaml'; s=open(p).read(); a,b=sys.argv[1],sys.argv[2]
assert s.count(a)==1, (a, s.count(a)); open(p,'w').write(s.replace(a,b))
PY
  if promtool test rules /tmp/s21/h70/amut/d/alerts_test.yaml >/tmp/s21/h70/amut/$id.out 2>&1; then echo "$id SURVIVED"; else echo "$id KILLED"; fi
}
run A1 "present_over_time(oauth_ratelimit_store_up[1m] offset 4m)" "present_over_time(oauth_ratelimit_store_up[1m] offset 3m)"
run A2 "present_over_time(oauth_ratelimit_store_up[1m] offset 4m)" "present_over_time(oauth_ratelimit_store_up[1m] offset 2m)"
run A3 "present_over_time(oauth_ratelimit_store_up[1m] offset 2m)" "present_over_time(oauth_ratelimit_store_up[1m] offset 1m)"
run A4 "present_over_time(oauth_ratelimit_store_up[1m] offset 2m)" "present_over_time(oauth_ratelimit_store_up[1m] offset 3m)"
run A5 "max_over_time(oauth_ratelimit_store_up[2m]) == 0" "max_over_time(oauth_ratelimit_store_up[1m]) == 0"
run A6 "max_over_time(oauth_ratelimit_store_up[2m]) == 0" "avg_over_time(oauth_ratelimit_store_up[2m]) < 0.6"
run A7 "            and on (job, instance) present_over_time(oauth_ratelimit_store_up[1m] offset 2m)
" ""
run A8 "            and on (job, instance) present_over_time(oauth_ratelimit_store_up[1m] offset 4m)
" ""
run A9 "avg_over_time(oauth_ratelimit_store_up[5m]) < 0.6" "avg_over_time(oauth_ratelimit_store_up[5m]) < 0.5"
run A10 "and on (job, instance) present_over_time(oauth_ratelimit_store_up[1m] offset 4m)" "and on (job, instance) present_over_time(oauth_ratelimit_store_up[30s] offset 4m)"
run A11 "and on (job, instance) present_over_time(oauth_ratelimit_store_up[1m] offset 4m)" "and on (job) present_over_time(oauth_ratelimit_store_up[1m] offset 4m)"
