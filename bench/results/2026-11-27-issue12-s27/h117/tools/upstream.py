#!/usr/bin/env python3
"""A scripted token endpoint for h117's outside runs. The behaviour of each
request comes from its X-Behave header:
  slow:N    read the body, wait N s (not heeding a disconnect: the token is
            issued all the same, as an endpoint that finishes its work does),
            then answer 200 with a token; logs "issued" and whether the write
            reached the proxy
  hang      200 with Content-Length 200, 50 bytes, then silence for 60 s
  hangbig   200 with Content-Length 20000, 8000 bytes, then silence for 60 s
  redirect  302 Location: http://<its own address>/elsewhere/token
  ok        200 with a token at once
One JSON line a request on stdout: t (seconds since start), event, behave."""
import json, socket, sys, threading, time
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler

T0 = time.time()
TOKEN = b'{"access_token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJzdmMifQ.","token_type":"Bearer","expires_in":60}'
lock = threading.Lock()

def log(**kw):
    kw["t"] = round(time.time() - T0, 3)
    with lock:
        print(json.dumps(kw), flush=True)

class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a):
        pass
    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n)
        b = self.headers.get("X-Behave", "ok")
        cid = self.headers.get("X-Id", "")
        log(event="arrived", behave=b, id=cid, body=body.decode(errors="replace"))
        try:
            if b.startswith("slow:"):
                time.sleep(float(b[5:]))
                log(event="issued", behave=b, id=cid)
                self.answer(200, TOKEN)
                log(event="written", behave=b, id=cid)
            elif b == "hang" or b == "hangbig":
                total, first = (200, 50) if b == "hang" else (20000, 8000)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(total))
                self.end_headers()
                self.wfile.write((b'{"access_token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJzdmMifQ.","pad":"' + b"x" * total)[:first])
                self.wfile.flush()
                log(event="issued-partial", behave=b, id=cid)
                time.sleep(60)
            elif b == "redirect":
                host = self.server.server_address
                self.send_response(302)
                self.send_header("Location", "http://%s:%d/elsewhere/token" % host)
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self.answer(200, TOKEN)
                log(event="issued", behave=b, id=cid)
        except (BrokenPipeError, ConnectionResetError) as e:
            log(event="write-failed", behave=b, id=cid, err=str(e))
    def answer(self, code, body):
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

if __name__ == "__main__":
    port = int(sys.argv[1])
    srv = ThreadingHTTPServer(("127.0.0.1", port), H)
    srv.daemon_threads = True
    log(event="listening", port=port)
    srv.serve_forever()
