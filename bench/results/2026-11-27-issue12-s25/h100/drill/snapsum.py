import re,sys
cur=None
rows=[]
for l in open('/tmp/s25/h100/run/snaps.txt'):
    m=re.match(r'^(\S+) (\S+) (i\d) rss_kb',l)
    if m:
        cur={'label':m.group(1),'time':m.group(2),'inst':m.group(3)}; rows.append(cur); continue
    m=re.match(r'^\s+(i\d) (\S+) (\S+)$',l.rstrip())
    if m and cur:
        cur[m.group(2)]=m.group(3)
keys=[('outage','oauth_ratelimit_store_outage'),('fl_ok','oauth_ratelimit_sync_flushes_total{result="ok"}'),('fl_err','oauth_ratelimit_sync_flushes_total{result="error"}'),('hb_req','oauth_ratelimit_sync_store_requests_total{op="heartbeat"}'),('hb_err','oauth_ratelimit_sync_store_errors_total{op="heartbeat"}'),('w','oauth_ratelimit_sync_batch_size{op="write"}'),('l','oauth_ratelimit_sync_batch_size{op="load"}'),('unsettled','oauth_ratelimit_sync_unsettled_writes'),('age','oauth_ratelimit_sync_snapshot_age_seconds')]
print('label time inst '+' '.join(k for k,_ in keys))
for r in rows:
    if r['inst']!=sys.argv[1] if len(sys.argv)>1 else 'i1': continue
    print(r['label'],r['time'],r['inst'],' '.join(r.get(v,'-') for _,v in keys))
