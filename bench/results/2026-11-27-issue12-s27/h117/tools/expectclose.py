#!/usr/bin/env python3
"""h117: after the 413 to an Expect: 100-continue request whose
Content-Length is over --max-body-bytes, a client that keeps its
connection open and sends nothing: when does the server close it?
usage: expectclose.py BINARY LISTEN ADMIN CONTENT_LENGTH..."""
import base64, json, socket, subprocess, sys, threading, time
binary, listen, admin = sys.argv[1:4]
p = subprocess.Popen([binary, "--listen", listen, "--admin-listen", admin], stderr=subprocess.PIPE, text=True)
ready = threading.Event()
def pump():
    for line in p.stderr:
        if '"msg":"listening"' in line: ready.set()
threading.Thread(target=pump, daemon=True).start()
ready.wait(30)
host, port = listen.split(":")
auth = base64.b64encode(b"demo-service:demo-secret").decode()
def one(cl):
    s = socket.create_connection((host, int(port)))
    t = time.time()
    s.sendall(("POST /oauth2/token HTTP/1.1\r\nHost: x\r\nAuthorization: Basic %s\r\nContent-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n" % (auth, cl)).encode())
    s.settimeout(40)
    data, first = b"", None
    while True:
        try:
            b = s.recv(65536)
        except Exception as e:
            end = repr(e); break
        if not b:
            end = "EOF"; break
        if first is None: first = round(time.time() - t, 3)
        data += b
    print(json.dumps({"content_length": cl, "status_line": data.split(b"\r\n")[0].decode(), "answer_at_s": first, "closed_by_server_at_s": round(time.time() - t, 3), "end": end}), flush=True)
ths = [threading.Thread(target=one, args=(int(c),)) for c in sys.argv[4:]]
for th in ths: th.start()
for th in ths: th.join()
p.send_signal(15); p.wait(30)
