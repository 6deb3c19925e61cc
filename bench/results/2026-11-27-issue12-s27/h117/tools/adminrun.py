#!/usr/bin/env python3
"""h117 outside run for the admin listener's drain: a proxy with
--shutdown-timeout 1s holds a request the upstream never answers (hang), so
its drain runs out; an admin connection has sent the first line of a GET
/metrics (the connection is active: Shutdown waits for it) before SIGTERM.
When the proxy logs the cut at its deadline, the client sends the rest of
its request and reads the answer (3 s at most). One JSON line a trial.
usage: adminrun.py BINARY UPSTREAM_URL LISTEN ADMIN TRIALS"""
import json, signal, socket, subprocess, sys, threading, time, http.client

binary, upstream, listen, admin, trials = sys.argv[1:6]
ah, ap = admin.split(":")
for trial in range(int(trials)):
    T0 = time.time()
    p = subprocess.Popen([binary, "--upstream", upstream, "--listen", listen, "--admin-listen", admin, "--shutdown-timeout", "1s"],
                         stderr=subprocess.PIPE, text=True)
    listening, cut = threading.Event(), threading.Event()
    log = []
    def pump():
        for line in p.stderr:
            log.append("%.3f %s" % (time.time() - T0, line))
            if '"msg":"listening"' in line: listening.set()
            if 'requests still in flight at the shutdown deadline: cut' in line: cut.set()
    threading.Thread(target=pump, daemon=True).start()
    listening.wait(30)
    def hung():
        try:
            c = http.client.HTTPConnection(listen, timeout=30)
            c.request("POST", "/oauth2/token", "grant_type=client_credentials&client_id=a&client_secret=x",
                      {"Content-Type": "application/x-www-form-urlencoded", "X-Behave": "slow:60", "X-Id": "adm%d" % trial})
            c.getresponse().read()
        except Exception:
            pass
    threading.Thread(target=hung, daemon=True).start()
    time.sleep(0.5)
    s = socket.create_connection((ah, int(ap)))
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")
    time.sleep(0.2)
    p.send_signal(signal.SIGTERM)
    r = {"trial": trial}
    if not cut.wait(10):
        r["err"] = "no cut logged"
    r["cut_seen_at"] = round(time.time() - T0, 3)
    s.sendall(b"\r\n")
    s.settimeout(3)
    data = b""
    try:
        while True:
            b = s.recv(65536)
            if not b: break
            data += b
    except Exception as e:
        r["recv_err"] = repr(e)
    r["answer"] = data[:40].decode(errors="replace")
    r["bytes"] = len(data)
    p.wait(30)
    r["exit_code"] = p.returncode
    r["admin_incomplete_logged"] = any("admin shutdown incomplete" in l for l in log)
    print(json.dumps(r), flush=True)
    with open("/tmp/s27/h117/results/adminrun-last.log", "w") as f:
        f.writelines(log)
