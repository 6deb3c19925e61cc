#!/usr/bin/env python3
"""413s and stops from outside, against a server binary. Usage: toolarge.py BIN PORTBASE LABEL
Prints JSON lines. Ports PORTBASE..PORTBASE+1 (26xxx)."""
import json, os, signal, socket, subprocess, sys, tempfile, time, urllib.request

bin_, pb, label = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = tempfile.mkdtemp()
pol = os.path.join(d, "policy.yaml")
open(pol, "w").write("mode: enforce\ndefaults:\n  client:\n    - limit: 100\n      window: 1m\n")

def start(*extra):
    log = open(os.path.join(d, "server.log"), "w")
    p = subprocess.Popen([bin_, "--listen", f"127.0.0.1:{pb}", "--admin-listen", f"127.0.0.1:{pb+1}", "--policy", pol] + list(extra),
                         stdout=log, stderr=log)
    for _ in range(500):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{pb+1}/readyz", timeout=1); break
        except Exception:
            time.sleep(0.01)
    return p, os.path.join(d, "server.log")

def request(declared, sent, chunk_delay=None):
    s = socket.create_connection(("127.0.0.1", pb))
    body = b"grant_type=client_credentials&client_id=demo-service&client_secret=demo-secret&pad=" + b"x" * declared
    body = body[:declared]
    head = f"POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {declared}\r\n\r\n".encode()
    s.sendall(head + body[:sent])
    return s, body

def read_until_close(s, t0, limit=70):
    s.settimeout(limit)
    data, status, first = b"", None, None
    try:
        while True:
            b = s.recv(65536)
            if not b:
                return data, "EOF", time.time() - t0
            if first is None:
                first = time.time() - t0
            data += b
    except ConnectionResetError:
        return data, "RST", time.time() - t0
    except socket.timeout:
        return data, "open", time.time() - t0

out = []
# 1. 413s and when the connection closes.
p, logf = start("--read-timeout", "60s")
for declared, sent in [(100_000, 100), (100_000, 100_000), (200_000, 100), (300_000, 100)]:
    t0 = time.time()
    s, _ = request(declared, sent)
    data, how, at = read_until_close(s, t0)
    st = data.split(b"\r\n", 1)[0].decode(errors="replace")
    out.append({"bin": label, "case": "413", "declared": declared, "sent": sent, "status_line": st, "closed_by_server": how, "at_s": round(at, 3)})
    s.close()
p.send_signal(signal.SIGTERM); p.wait(timeout=60)

# 2. A stop with a connection answered 413 and silent since.
p, logf = start("--read-timeout", "60s", "--shutdown-timeout", "15s")
s, _ = request(100_000, 100)
s.settimeout(5); first = s.recv(65536)
t0 = time.time(); p.send_signal(signal.SIGTERM); p.wait(timeout=60)
logs = open(logf).read()
out.append({"bin": label, "case": "stop after a silent 413", "stop_s": round(time.time() - t0, 3),
            "cut_logged": "requests still in flight at the shutdown deadline" in logs})
s.close()

# 3. A token request still being sent at SIGTERM: its body trickles in 10 pieces.
for total_s in (3, 20):
    p, logf = start("--read-timeout", "60s", "--shutdown-timeout", "15s")
    body = b"grant_type=client_credentials&client_id=demo-service&client_secret=demo-secret"
    head = f"POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    s = socket.create_connection(("127.0.0.1", pb)); s.sendall(head)
    t0 = time.time(); sig_at = None; err = None
    pieces = [body[i*len(body)//10:(i+1)*len(body)//10] for i in range(10)]
    for i, piece in enumerate(pieces):
        if sig_at is None and time.time() - t0 >= 1.0:
            p.send_signal(signal.SIGTERM); sig_at = time.time() - t0
        try:
            s.sendall(piece)
        except OSError as e:
            err = str(e); break
        time.sleep(total_s / 10)
        if sig_at is None and time.time() - t0 >= 1.0:
            p.send_signal(signal.SIGTERM); sig_at = time.time() - t0
    data, how, at = read_until_close(s, t0)
    p.wait(timeout=60)
    logs = open(logf).read()
    st = data.split(b"\r\n", 1)[0].decode(errors="replace")
    out.append({"bin": label, "case": f"upload over {total_s}s, SIGTERM at 1s", "sigterm_s": round(sig_at or -1, 3), "status_line": st,
                "closed": how, "at_s": round(at, 3), "send_error": err, "exit_s": round(time.time() - t0, 3),
                "cut_logged": "requests still in flight at the shutdown deadline" in logs,
                "tokens_issued_logged": logs.count("tokens_issued")})
    s.close()
for o in out:
    print(json.dumps(o), flush=True)
