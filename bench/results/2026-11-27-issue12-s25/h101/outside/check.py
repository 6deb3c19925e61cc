# usage: check.py BINARY OUTDIR
import sys, subprocess, time, urllib.request, os, json, re
binp, out = sys.argv[1], sys.argv[2]; os.makedirs(out, exist_ok=True)
open(os.path.join(out, "policy.yaml"), "w").write("""mode: dry-run
defaults:
  client: [{limit: 1000, window: 1m}]
  user: [{limit: 1, window: 1m}]
clients:
  app: {client: [{limit: 1000, window: 1m}]}
""")
A = "http://127.0.0.1:26090"; T = "http://127.0.0.1:26080/oauth2/token"
up = subprocess.Popen([sys.executable, "upstream.py"])
import socket
for _ in range(100):
    try: socket.create_connection(("127.0.0.1", 26001), timeout=1).close(); break
    except OSError: time.sleep(0.05)
p = subprocess.Popen([binp, "--listen", "127.0.0.1:26080", "--admin-listen", "127.0.0.1:26090", "--policy", os.path.join(out, "policy.yaml"),
                      "--policy-watch=false", "--upstream", "http://127.0.0.1:26001"], stderr=open(os.path.join(out, "server.log"), "w"))
def post(body):
    r = urllib.request.Request(T, data=body.encode(), headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        resp = urllib.request.urlopen(r, timeout=5); return resp.status, resp.read()
    except urllib.error.HTTPError as e: return e.code, e.read()
    except Exception as e: return "cut", str(e)
try:
    for _ in range(100):
        try:
            if urllib.request.urlopen(A + "/readyz", timeout=1).status == 200: break
        except Exception: time.sleep(0.05)
    res = []
    # lead 1: authorization_code, no user known, no aggregate: 5 answered 200 with an opaque token, 2 refused 400
    for c in ["ok"] * 5 + ["bad"] * 2: res.append(("code " + c, post("grant_type=authorization_code&client_id=app&code=" + c)[0]))
    # lead 2: dry-run, user limit 1/min: alice twice (second would be denied), then erin twice 10.5 s later
    for u in ["alice", "alice"]: res.append(("password " + u, post("grant_type=password&client_id=app&password=p&username=" + u)[0]))
    time.sleep(10.5)
    for u in ["erin", "erin"]: res.append(("password " + u, post("grant_type=password&client_id=app&password=p&username=" + u)[0]))
    # lead 3: 30 answers cut mid-body in a burst, then nothing for 2 s
    cuts = 0
    for _ in range(30):
        st, _b = post("grant_type=client_credentials&client_id=svc&code=cut"); cuts += 1
    time.sleep(2.5)
    m = urllib.request.urlopen(A + "/metrics").read().decode()
    with open(os.path.join(out, "result.txt"), "w") as f:
        f.write("answers: %s\n" % res)
        for l in m.splitlines():
            if re.match(r"oauth_ratelimit_(decisions_total|tokens_issued_total|reservations_released_total|attributions_total)\{", l): f.write(l + "\n")
finally:
    p.terminate(); p.wait(timeout=30); up.terminate(); up.wait()
log = open(os.path.join(out, "server.log")).read().splitlines()
with open(os.path.join(out, "result.txt"), "a") as f:
    recs = [json.loads(l) for l in log if l.startswith("{")]
    for r in recs:
        if r["msg"] == "dry-run would deny": f.write("dry-run log: " + json.dumps({k: r.get(k) for k in ("client_id", "scope", "user", "user_sha256")}) + "\n")
    ua = [r for r in recs if r["msg"] == "upstream answer failed"]
    f.write("upstream answer failed: %d records, suppressed_before sum %d, records+sum %d, of %d cut answers sent\n" % (len(ua), sum(r.get("suppressed_before", 0) for r in ua), len(ua) + sum(r.get("suppressed_before", 0) for r in ua), cuts))
print(open(os.path.join(out, "result.txt")).read())
