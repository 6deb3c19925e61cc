#!/usr/bin/env python3
"""h117 outside run: Expect: 100-continue against the server (demo
endpoint, demo-service limited to 1 token a minute). Raw sockets: what
arrives before the body is sent, and after.
usage: expectrun.py BINARY LISTEN ADMIN OUTDIR"""
import base64, json, socket, subprocess, sys, threading, time

binary, listen, admin, outdir = sys.argv[1:5]
pol = outdir + "/expect-policy.yaml"
open(pol, "w").write("mode: enforce\ndefaults:\n  client:\n    - limit: 1\n      window: 1m\n")
p = subprocess.Popen([binary, "--listen", listen, "--admin-listen", admin, "--policy", pol], stderr=subprocess.PIPE, text=True)
ready = threading.Event()
log = []
def pump():
    for line in p.stderr:
        log.append(line)
        if '"msg":"listening"' in line: ready.set()
threading.Thread(target=pump, daemon=True).start()
ready.wait(30)
host, port = listen.split(":")
auth = base64.b64encode(b"demo-service:demo-secret").decode()

def readsome(s, wait):
    s.settimeout(wait)
    data = b""
    try:
        while True:
            b = s.recv(65536)
            if not b:
                return data, "EOF"
            data += b
            if b"\r\n\r\n" in data and not data.startswith(b"HTTP/1.1 100"):
                # a final answer's head: read its body by Content-Length
                head, _, body = data.partition(b"\r\n\r\n")
                cl = 0
                for l in head.split(b"\r\n"):
                    if l.lower().startswith(b"content-length:"):
                        cl = int(l.split(b":")[1])
                while len(body) < cl:
                    b = s.recv(65536)
                    if not b: break
                    body += b; data += b
                return data, "answer"
            if data == b"HTTP/1.1 100 Continue\r\n\r\n":
                return data, "100"
    except socket.timeout:
        return data, "timeout"

def case(name, body_len, send_body=True):
    body = ("grant_type=client_credentials&scope=" + "x" * max(0, body_len - 36)).encode()[:body_len] if body_len < 70000 else None
    cl = body_len
    s = socket.create_connection((host, int(port)))
    s.sendall(("POST /oauth2/token HTTP/1.1\r\nHost: x\r\nAuthorization: Basic %s\r\nContent-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n" % (auth, cl)).encode())
    t = time.time()
    first, how = readsome(s, 2)
    r = {"case": name, "content_length": cl, "before_body": first[:60].decode(errors="replace"), "before_body_kind": how, "after_s": round(time.time() - t, 3)}
    if how == "100" and send_body:
        s.sendall(body)
        final, how2 = readsome(s, 3)
        r["final"] = final.split(b"\r\n")[0].decode()
        r["final_headers_connection_close"] = b"Connection: close" in final
        r["retry_after"] = [l.decode() for l in final.split(b"\r\n") if l.startswith(b"Retry-After")]
        # does the connection stay open? send a second request on it
        s.sendall(("GET / HTTP/1.1\r\nHost: x\r\n\r\n").encode())
        nxt, how3 = readsome(s, 2)
        r["second_request_on_conn"] = nxt.split(b"\r\n")[0].decode() or how3
    else:
        r["final"] = first.split(b"\r\n")[0].decode()
        r["final_headers_connection_close"] = b"Connection: close" in first
        rest, how3 = readsome(s, 2)
        r["after_answer"] = how3
    s.close()
    print(json.dumps(r), flush=True)

case("under the limit: 100, body, 200", 60)
case("over the limit: 100, body, 429", 60)
case("over the limit, a large body (60000 B, under --max-body-bytes)", 60000)
case("Content-Length over --max-body-bytes", 100000, send_body=False)
p.send_signal(2); p.wait(30)
