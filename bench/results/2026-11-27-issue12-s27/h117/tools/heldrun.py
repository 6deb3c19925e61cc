#!/usr/bin/env python3
"""h117 outside run: what a client gets, and when, from an upstream that
sends a 200's headers and part of its body and then stalls, by grant
(password: a user grant, whose 2xx answer the proxy holds to read it;
client_credentials: streamed) and by size (hang: Content-Length 200, 50
bytes sent; hangbig: Content-Length 20000, 8000 bytes sent).
usage: heldrun.py BINARY UPSTREAM_URL LISTEN ADMIN UPSTREAM_TIMEOUT"""
import json, socket, subprocess, sys, threading, time, urllib.request

binary, upstream, listen, admin, ut = sys.argv[1:6]
p = subprocess.Popen([binary, "--upstream", upstream, "--listen", listen, "--admin-listen", admin, "--upstream-timeout", ut], stderr=subprocess.PIPE, text=True)
ready = threading.Event()
log = []
def pump():
    for line in p.stderr:
        log.append(line)
        if '"msg":"listening"' in line: ready.set()
threading.Thread(target=pump, daemon=True).start()
if not ready.wait(30):
    print("".join(log)); sys.exit(1)
host, port = listen.split(":")
def one(grant, behave, n):
    form = {"password": "grant_type=password&username=alice%d&password=pw&client_id=app&client_secret=x" % n,
            "client_credentials": "grant_type=client_credentials&client_id=svc%d&client_secret=x" % n}[grant]
    s = socket.create_connection((host, int(port)))
    t = time.time()
    s.sendall(("POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nX-Behave: %s\r\nContent-Length: %d\r\n\r\n%s" % (behave, len(form), form)).encode())
    s.settimeout(30)
    first_at, data, end = None, b"", ""
    try:
        while True:
            b = s.recv(65536)
            if not b:
                end = "EOF"; break
            if first_at is None: first_at = time.time() - t
            data += b
    except Exception as e:
        end = repr(e)
    r = {"grant": grant, "upstream": behave, "first_byte_s": None if first_at is None else round(first_at, 3),
         "status_line": data.split(b"\r\n")[0].decode(errors="replace") if data else "", "bytes": len(data),
         "end": end, "end_s": round(time.time() - t, 3)}
    print(json.dumps(r), flush=True)
ths = []
for i, (g, b) in enumerate([("password", "hang"), ("client_credentials", "hang"), ("password", "hangbig"), ("client_credentials", "hangbig")]):
    th = threading.Thread(target=one, args=(g, b, i)); th.start(); ths.append(th)
for th in ths: th.join()
time.sleep(0.3)
m = urllib.request.urlopen("http://%s/metrics" % admin).read().decode()
for l in m.split("\n"):
    if ("tokens_issued_total{" in l or "reservations_released_total{" in l or "attributions_total{" in l) and not l.startswith("#"):
        print("metric", l)
p.send_signal(15); p.wait(30)
