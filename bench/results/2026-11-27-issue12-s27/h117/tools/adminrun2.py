#!/usr/bin/env python3
"""h117 outside run for the admin listener's drain, with a /metrics scrape in
flight: a policy of 10,000 clients, all with gauges (--policy-gauge-clients
10000), makes /metrics a few MB; the scraper's socket has a 4 KiB receive
buffer and reads nothing, so the scrape's handler is blocked in its writes
when the shutdown comes. A request the upstream holds for 60 s makes the
token endpoint's drain (--shutdown-timeout 1s) run out. When the proxy logs
the cut at its deadline, the scraper reads on (3 s at most) and counts the
bytes it gets and whether the body ended as a whole exposition.
usage: adminrun2.py BINARY UPSTREAM_URL LISTEN ADMIN TRIALS OUTDIR"""
import json, signal, socket, subprocess, sys, threading, time, http.client

binary, upstream, listen, admin, trials, outdir = sys.argv[1:7]
pol = outdir + "/policy-10k.yaml"
with open(pol, "w") as f:
    f.write("mode: enforce\ndefaults:\n  client:\n    - limit: 100\n      window: 1m\nclients:\n")
    for i in range(10000):
        f.write("  client-%05d:\n    client:\n      - limit: %d\n        window: 1m\n" % (i, 100 + i))
ah, ap = admin.split(":")
for trial in range(int(trials)):
    T0 = time.time()
    p = subprocess.Popen([binary, "--upstream", upstream, "--listen", listen, "--admin-listen", admin, "--shutdown-timeout", "1s",
                          "--policy", pol, "--policy-gauge-clients", "10000"], stderr=subprocess.PIPE, text=True)
    listening, cut = threading.Event(), threading.Event()
    log = []
    def pump():
        for line in p.stderr:
            log.append("%.3f %s" % (time.time() - T0, line))
            if '"msg":"listening"' in line: listening.set()
            if 'requests still in flight at the shutdown deadline: cut' in line: cut.set()
    threading.Thread(target=pump, daemon=True).start()
    listening.wait(60)
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
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect((ah, int(ap)))
    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
    time.sleep(0.3)
    p.send_signal(signal.SIGTERM)
    r = {"trial": trial}
    if not cut.wait(10):
        r["err"] = "no cut logged"
    r["cut_seen_at"] = round(time.time() - T0, 3)
    s.settimeout(3)
    data = b""
    try:
        while True:
            b = s.recv(1 << 20)
            if not b:
                r["end"] = "EOF"; break
            data += b
    except Exception as e:
        r["end"] = repr(e)
    r["done_at"] = round(time.time() - T0, 3)
    head, _, body = data.partition(b"\r\n\r\n")
    r["status_line"] = head.split(b"\r\n")[0].decode(errors="replace")
    r["bytes"] = len(data)
    # chunked: a whole answer ends with the last chunk, 0 CRLF CRLF
    r["complete"] = data.endswith(b"\r\n0\r\n\r\n") or (b"Content-Length" in head and len(body) == int([l for l in head.split(b"\r\n") if l.startswith(b"Content-Length")][0].split(b":")[1]))
    p.wait(30)
    r["exit_code"] = p.returncode
    r["admin_incomplete_logged"] = any("admin shutdown incomplete" in l for l in log)
    print(json.dumps(r), flush=True)
    with open(outdir + "/adminrun2-%s-trial%d.log" % (binary.rsplit("/", 1)[1], trial), "w") as f:
        f.writelines(log)
