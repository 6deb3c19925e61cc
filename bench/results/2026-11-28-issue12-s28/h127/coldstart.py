#!/usr/bin/env python3
"""Cold starts from outside: N server processes started together, then requests
to a client limited to 30 a minute. Usage:
  coldstart.py BIN MONGO_URI SCENARIO RUN_ID OUTDIR
SCENARIO: pair (2 processes 0.1 s apart, 40 requests in turn, as h122 measured)
          fleet3 (3 processes at once, 20 requests to each at once, concurrently)
          fleet3seq (3 processes at once, 60 requests in turn)
Prints one JSON line. Ports 26000-26999 only."""
import base64, json, os, subprocess, sys, threading, time, urllib.request, urllib.error

bin_, uri, scen, run_id, out = sys.argv[1:6]
base_port = 26000 + (int(run_id) % 40) * 20
db = f"h127cold_{scen}_{run_id}_{os.getpid()}"
pol = os.path.join(out, f"policy-{run_id}.yaml")
open(pol, "w").write("mode: enforce\ndefaults:\n  client:\n    - limit: 30\n      window: 1m\n")
auth = "Basic " + base64.b64encode(b"demo-service:demo-secret").decode()

# away from a minute's end: the window is a minute
s = time.time() % 60
if s > 45:
    time.sleep(61 - s)

procs = []
def start(i):
    name = f"p{i}"
    port, admin = base_port + 2 * i, base_port + 2 * i + 1
    log = open(os.path.join(out, f"{scen}-{run_id}-{name}.log"), "w")
    p = subprocess.Popen([bin_, "--instance", name, "--mongo-uri", uri, "--mongo-database", db,
                          "--listen", f"127.0.0.1:{port}", "--admin-listen", f"127.0.0.1:{admin}",
                          "--sync-interval", "1s", "--policy", pol, "--log-level", "info"],
                         stdout=log, stderr=log)
    procs.append((p, port, admin, log))

def ready(admin):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{admin}/readyz", timeout=1) as r:
            return r.status == 200
    except Exception:
        return False

def token(port):
    req = urllib.request.Request(f"http://127.0.0.1:{port}/oauth2/token", data=b"grant_type=client_credentials",
                                 headers={"Authorization": auth, "Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code

n = 2 if scen == "pair" else 3
t0 = time.time()
if scen == "rolling3":
    # p0, p1 and p2 started 0.3 s apart; from p0's readiness, requests in
    # turn, one at a time, to every process ready, until 2.5 s after p0 started.
    per = [0] * n
    sent = [0] * n
    start(0)
    while not ready(procs[0][2]):
        time.sleep(0.005)
    t_first = time.time() - t0
    started, readyset, i = 1, [0], 0
    while time.time() - t0 < 2.5:
        if started < n and time.time() - t0 >= 0.3 * started:
            start(started); started += 1
        for j in range(started):
            if j not in readyset and ready(procs[j][2]):
                readyset.append(j)
        j = readyset[i % len(readyset)]; i += 1
        sent[j] += 1
        if token(procs[j][1]) == 200:
            per[j] += 1
    for p, _, _, log in procs:
        p.terminate()
    for p, _, _, log in procs:
        p.wait(timeout=30); log.close()
    print(json.dumps({"scenario": scen, "run": run_id, "bin": os.path.basename(bin_), "first_ready_s": round(t_first, 3),
                      "sent": sent, "admitted": per, "total": sum(per)}), flush=True)
    sys.exit(0)
for i in range(n):
    start(i)
    if scen == "pair" and i == 0:
        time.sleep(0.1)
deadline = time.time() + 20
while not all(ready(a) for _, _, a, _ in procs):
    if time.time() > deadline:
        print(json.dumps({"scenario": scen, "run": run_id, "error": "not ready"})); break
    time.sleep(0.01)
t_ready = time.time() - t0
per = [0] * n
if scen in ("pair", "fleet3seq"):
    total = 40 if scen == "pair" else 60
    for i in range(total):
        if token(procs[i % n][1]) == 200:
            per[i % n] += 1
else:
    lock = threading.Lock()
    def worker(i):
        if token(procs[i % n][1]) == 200:
            with lock:
                per[i % n] += 1
    ts = [threading.Thread(target=worker, args=(i,)) for i in range(60)]
    for t in ts: t.start()
    for t in ts: t.join()
t_done = time.time() - t0
for p, _, _, log in procs:
    p.terminate()
for p, _, _, log in procs:
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
    log.close()
print(json.dumps({"scenario": scen, "run": run_id, "bin": os.path.basename(bin_), "ready_s": round(t_ready, 3),
                  "done_s": round(t_done, 3), "admitted": per, "total": sum(per)}), flush=True)
