#!/usr/bin/env python3
"""h117 outside run: the proxy binary with its default timeouts in front of
upstream.py; one request per slowness, all at once; optionally SIGTERM 0.5 s
after the upstream has them all. Writes OUT.jsonl (one line per request:
status, seconds from the send, body head, error), OUT.proxy.log (the
proxy's stderr) and OUT.metrics (the last /metrics scrape that answered,
polled every 100 ms).
usage: stoprun.py BINARY UPSTREAM_URL LISTEN ADMIN OUT sigterm|nosig SLOW... [-- extra args]"""
import json, os, re, signal, subprocess, sys, threading, time, urllib.request, http.client

binary, upstream, listen, admin, out, mode = sys.argv[1:7]
rest = sys.argv[7:]
extra = []
if "--" in rest:
    i = rest.index("--"); extra = rest[i+1:]; rest = rest[:i]
slows = rest
pol = out + ".policy.yaml"
with open(pol, "w") as f:
    f.write("mode: enforce\ndefaults:\n  client:\n    - limit: 100\n      window: 1m\nclients:\n")
    for s in slows:
        f.write("  svc%s:\n    client:\n      - limit: 100\n        window: 1m\n" % s.replace(".", "_"))
T0 = time.time()
logf = open(out + ".proxy.log", "w")
p = subprocess.Popen([binary, "--upstream", upstream, "--listen", listen, "--admin-listen", admin, "--policy", pol] + extra,
                     stderr=subprocess.PIPE, text=True)
lines = []
listening = threading.Event()
def pump():
    for line in p.stderr:
        lines.append((time.time() - T0, line))
        logf.write("%.3f %s" % (time.time() - T0, line)); logf.flush()
        if '"msg":"listening"' in line:
            listening.set()
threading.Thread(target=pump, daemon=True).start()
if not listening.wait(30):
    print("no listening", file=sys.stderr); p.kill(); sys.exit(1)
results = []
def send(s):
    cid = "svc" + s.replace(".", "_")
    body = "grant_type=client_credentials&client_id=%s&client_secret=x" % cid
    t = time.time()
    r = {"slow": s, "client": cid}
    try:
        c = http.client.HTTPConnection(listen, timeout=60)
        c.request("POST", "/oauth2/token", body, {"Content-Type": "application/x-www-form-urlencoded", "X-Behave": "slow:" + s, "X-Id": cid})
        resp = c.getresponse()
        r["status"] = resp.status
        r["body"] = resp.read()[:120].decode(errors="replace")
    except Exception as e:
        r["err"] = repr(e)
    r["seconds"] = round(time.time() - t, 3)
    r["t_end"] = round(time.time() - T0, 3)
    results.append(r)
ths = [threading.Thread(target=send, args=(s,)) for s in slows]
for th in ths: th.start()
last_metrics = [""]
stop_poll = threading.Event()
def poll():
    while not stop_poll.is_set():
        try:
            m = urllib.request.urlopen("http://%s/metrics" % admin, timeout=1).read().decode()
            last_metrics[0] = "# scraped at %.3f\n" % (time.time() - T0) + m
        except Exception:
            pass
        time.sleep(0.1)
threading.Thread(target=poll, daemon=True).start()
if mode == "sigterm":
    time.sleep(1.0)  # the requests reach the upstream within ms; upstream.jsonl says when
    print("SIGTERM at %.3f" % (time.time() - T0), file=sys.stderr)
    tsig = time.time() - T0
    p.send_signal(signal.SIGTERM)
for th in ths: th.join()
stop_poll.set()
if mode != "sigterm":
    time.sleep(0.3)
    try:
        last_metrics[0] = "# scraped at %.3f\n" % (time.time() - T0) + urllib.request.urlopen("http://%s/metrics" % admin, timeout=2).read().decode()
    except Exception as e:
        print("final scrape:", e, file=sys.stderr)
    tsig = time.time() - T0
    p.send_signal(signal.SIGTERM)
p.wait(60)
texit = time.time() - T0
time.sleep(0.2)
with open(out + ".jsonl", "w") as f:
    for r in sorted(results, key=lambda r: float(r["slow"])):
        f.write(json.dumps(r) + "\n")
    f.write(json.dumps({"sigterm_at": round(tsig, 3), "exit_at": round(texit, 3), "exit_code": p.returncode}) + "\n")
with open(out + ".metrics", "w") as f:
    f.write("\n".join(l for l in last_metrics[0].split("\n") if l.startswith("# scraped") or "tokens_issued_total{" in l or "reservations_released_total{" in l) + "\n")
print(open(out + ".jsonl").read())
