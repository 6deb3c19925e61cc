# usage: scale.py BINARY POLICY OUTDIR [reload-policy]
import sys, subprocess, time, urllib.request, os, json, shutil, re
binp, pol, out = sys.argv[1], sys.argv[2], sys.argv[3]
reload_pol = sys.argv[4] if len(sys.argv) > 4 else None
os.makedirs(out, exist_ok=True)
work = os.path.join(out, "policy.yaml"); shutil.copy(pol, work)
A = "http://127.0.0.1:26090"; T = "http://127.0.0.1:26080"
def load(): return open("/proc/loadavg").read().split()[:3]
def mem(pid):
    d = {}
    for l in open("/proc/%d/status" % pid):
        if l.startswith(("VmRSS", "VmHWM")): k, v = l.split(":"); d[k] = int(v.split()[0])
    return "HWM %d MB RSS %d MB" % (d["VmHWM"] // 1024, d["VmRSS"] // 1024)
log = open(os.path.join(out, "report.txt"), "w")
def say(*a):
    s = " ".join(str(x) for x in a); print(s); log.write(s + "\n"); log.flush()
say("binary", binp, "policy", pol, os.path.getsize(pol), "bytes; load", load())
t0 = time.time()
p = subprocess.Popen([binp, "--listen", "127.0.0.1:26080", "--admin-listen", "127.0.0.1:26090", "--policy", work, "--policy-watch=false"] + os.environ.get("EXTRA", "").split(),
                     stdout=open(os.path.join(out, "server.out"), "w"), stderr=open(os.path.join(out, "server.log"), "w"))
try:
    while True:
        try:
            if urllib.request.urlopen(A + "/readyz", timeout=1).status == 200: break
        except Exception: time.sleep(0.05)
        if time.time() - t0 > 60: raise SystemExit("not ready")
    say("ready after %.2f s; %s" % (time.time() - t0, mem(p.pid)))
    def scrape(tag):
        for i in range(3):
            s = time.time(); body = urllib.request.urlopen(A + "/metrics", timeout=120).read(); d = time.time() - s
            series = [l for l in body.decode().splitlines() if l and not l.startswith("#")]
            pl = sum(1 for l in series if l.startswith("oauth_ratelimit_policy_limit{"))
            pd = sum(1 for l in series if l.startswith("oauth_ratelimit_policy_dry_run{"))
            heap = [l for l in series if l.startswith("go_memstats_heap_inuse_bytes ")]
            say("%s GET /metrics: %d bytes, %d series (policy_limit %d, policy_dry_run %d) in %.0f ms; %s; %s; load %s" % (tag, len(body), len(series), pl, pd, d * 1000, heap[0] if heap else "", mem(p.pid), load()))
        open(os.path.join(out, "metrics-%s.txt" % tag), "wb").write(body)
    scrape("start")
    # 50 clients' first requests (client_credentials), then scrape again
    ids = [l.split(":")[0].strip() for l in open(pol) if l.startswith("  ") and l.strip().endswith("*a")][:50]
    for c in ids:
        r = urllib.request.Request(T + "/oauth2/token", data=("grant_type=client_credentials&client_id=%s" % c).encode(),
                                   headers={"Content-Type": "application/x-www-form-urlencoded"})
        try: urllib.request.urlopen(r, timeout=5).read()
        except urllib.error.HTTPError as e: e.read()
    scrape("after50")
    if reload_pol:
        shutil.copy(reload_pol, work)
        r = urllib.request.Request(A + "/admin/reload", data=b"{}", headers={"Content-Type": "application/json"}, method="POST")
        s = time.time()
        try: resp = urllib.request.urlopen(r, timeout=120); st = resp.status; resp.read()
        except urllib.error.HTTPError as e: st = e.code; say(e.read()[:300])
        say("POST /admin/reload: %d in %.0f ms; %s; load %s" % (st, (time.time() - s) * 1000, mem(p.pid), load()))
        scrape("reloaded")
finally:
    p.terminate(); p.wait(timeout=30)
