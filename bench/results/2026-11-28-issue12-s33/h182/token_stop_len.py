#!/usr/bin/env python3
"""A stop's length with the defaults (no store: the limiter's memory one, so
the final flush takes no time), measured from SIGTERM to the process's exit,
and the drain from the server's own log ("shutting down" -> "stopped").

usage: token_stop_len.py BIN CASE ROUNDS [LABEL]
CASE:
  none      one token request (its connection closed) before SIGTERM, nothing open
  keep      one token request on a keep-alive connection left open (idle)
  silent    a TCP connection to the token port opened 0.2 s before SIGTERM
            that sends nothing (a load balancer's TCP health check)
  halfhdr   a connection that sent half a request line + header 0.2 s before
            SIGTERM, and nothing more (a client slow to send)
  latereq   a silent connection opened 0.2 s before SIGTERM that sends a whole
            token request 1 s after SIGTERM: what is it answered?
  inflight  proxy mode, an upstream that answers after 2 s; a token request in
            flight at SIGTERM, plus a silent connection: the request must be
            answered 200 and the stop end soon after it
Ports 28210 (token), 28211 (admin), 28290 (upstream, inflight case).
"""
import base64, http.client, http.server, json, socket, subprocess, sys, threading, time, urllib.request
from datetime import datetime

BIN, CASE, ROUNDS = sys.argv[1], sys.argv[2], int(sys.argv[3])
LABEL = sys.argv[4] if len(sys.argv) > 4 else 'x'
LP, AP, UP = 28210, 28211, 28290
POLICY = '/tmp/s33/h182/repo/policy.example.yaml'
AUTH = 'Basic ' + base64.b64encode(b'demo-service:demo-secret').decode()
BODY = b'grant_type=client_credentials'

def ts(rec):
    t = rec['time']
    base, frac = t[:19], t[20:].rstrip('Z').split('+')[0]
    return datetime.strptime(base, '%Y-%m-%dT%H:%M:%S').timestamp() + float('0.' + frac)

class Up(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        n = int(self.headers.get('Content-Length', 0)); self.rfile.read(n)
        time.sleep(2.0)
        b = b'{"access_token":"t","token_type":"Bearer","expires_in":60}'
        self.send_response(200); self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(b))); self.end_headers(); self.wfile.write(b)
    def log_message(self, *a): pass

def one(r):
    up = None
    args = [BIN, '--listen', f'127.0.0.1:{LP}', '--admin-listen', f'127.0.0.1:{AP}', '--policy', POLICY]
    if CASE == 'inflight':
        up = http.server.ThreadingHTTPServer(('127.0.0.1', UP), Up)
        threading.Thread(target=up.serve_forever, daemon=True).start()
        args += ['--upstream', f'http://127.0.0.1:{UP}/token']
    logp = f'/tmp/s33/h182/results/logs/{LABEL}_{CASE}_{r}.log'
    log = open(logp, 'w')
    p = subprocess.Popen(args, stderr=log)
    for _ in range(200):
        try:
            urllib.request.urlopen(f'http://127.0.0.1:{AP}/healthz', timeout=1).read(); break
        except Exception:
            time.sleep(0.05)
    extra = ''
    c = http.client.HTTPConnection('127.0.0.1', LP, timeout=10)
    if CASE != 'inflight':
        c.request('POST', '/oauth2/token', body=BODY, headers={'Authorization': AUTH, 'Content-Type': 'application/x-www-form-urlencoded'})
        resp = c.getresponse(); resp.read(); code = resp.status
        if CASE != 'keep':
            c.close()
    else:
        code = '-'
    sil = None
    if CASE in ('silent', 'latereq', 'inflight'):
        sil = socket.create_connection(('127.0.0.1', LP))
    if CASE == 'halfhdr':
        sil = socket.create_connection(('127.0.0.1', LP))
        sil.sendall(b'POST /oauth2/token HTTP/1.1\r\nHost: x\r\n')
    res = {}
    th = None
    if CASE == 'inflight':
        def inflight():
            cc = http.client.HTTPConnection('127.0.0.1', LP, timeout=20)
            try:
                cc.request('POST', '/oauth2/token', body=BODY, headers={'Authorization': AUTH, 'Content-Type': 'application/x-www-form-urlencoded'})
                rr = cc.getresponse(); rr.read(); res['inflight'] = (rr.status, round(time.time() - t0, 3))
            except Exception as e:
                res['inflight'] = ('err', str(e)[:60])
        t0 = time.time() + 0.5  # provisional, fixed below
        th = threading.Thread(target=inflight); th.start()
        time.sleep(0.5)
    time.sleep(0.2)
    t0 = time.time(); p.terminate()
    if CASE == 'latereq':
        time.sleep(1.0)
        try:
            sil.sendall(b'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nAuthorization: ' + AUTH.encode() +
                        b'\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ' + str(len(BODY)).encode() + b'\r\n\r\n' + BODY)
            sil.settimeout(20)
            data = sil.recv(200)
            res['lateReq'] = data.split(b'\r\n')[0].decode() if data else 'EOF (closed, no answer)'
        except Exception as e:
            res['lateReq'] = 'err ' + str(e)[:60]
    rc = p.wait(); t1 = time.time()
    if th: th.join()
    if sil: sil.close()
    if CASE == 'keep': c.close()
    log.close()
    if up: up.shutdown(); up.server_close()
    recs = {}
    for line in open(logp):
        try:
            rec = json.loads(line)
        except Exception:
            continue
        recs.setdefault(rec['msg'], rec)
    sd = ts(recs['shutting down'])
    st = ts(recs['stopped']) - sd
    warns = [m for m in recs if 'cut' in m or 'incomplete' in m]
    print(f'{LABEL} {CASE} round {r}: token {code}; SIGTERM->exit {t1-t0:.3f} s; log "shutting down"->"stopped" {st:.3f} s; exit {rc}; {res} warns {warns}', flush=True)

for r in range(ROUNDS):
    one(r)
