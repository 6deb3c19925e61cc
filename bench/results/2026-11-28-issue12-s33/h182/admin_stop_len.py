#!/usr/bin/env python3
"""A stop's length with the defaults, a store that does not answer (a TCP
listener on 127.0.0.1:28190 that accepts and never says a word: the mongo
driver's handshake waits on it), one token request made before SIGTERM.

usage: stop_len.py BIN CASE ROUNDS
CASE:
  none     no admin traffic during the stop
  keep     a Prometheus-like scraper: one keep-alive connection, GET /metrics
           every 0.5 s, from before the SIGTERM to the exit
  silent   a connection opened to the admin port 1 s after SIGTERM that sends
           nothing (a TCP health check, a client slow to send its request)
Prints, per round: SIGTERM -> exit, and the phases from the server's own log
(time of "shutting down", "final flush failed", "stopped"), and the exit status.
"""
import http.client, json, os, socket, subprocess, sys, threading, time, base64, urllib.request

BIN, CASE, ROUNDS = sys.argv[1], sys.argv[2], int(sys.argv[3])
LP, AP, SP = 28220, 28221, 28291
POLICY = '/tmp/s33/h182/repo/policy.example.yaml'

def blackhole(stop):
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(('127.0.0.1', SP)); s.listen(64); s.settimeout(0.2)
    held = []
    while not stop.is_set():
        try:
            c, _ = s.accept(); held.append(c)
        except socket.timeout:
            pass
    for c in held: c.close()
    s.close()

def ts(rec):
    # slog JSON time, e.g. 2026-11-28T16:30:00.123456789Z
    t = rec['time']
    from datetime import datetime
    base, frac = t[:19], t[20:].rstrip('Z')
    frac = frac.split('+')[0]
    return datetime.strptime(base, '%Y-%m-%dT%H:%M:%S').timestamp() + float('0.' + frac)

def one(r):
    stop = threading.Event()
    bh = threading.Thread(target=blackhole, args=(stop,)); bh.start()
    log = open(f'/tmp/s33/h182/results/logs/adm_{CASE}_{r}.log', 'w')
    p = subprocess.Popen([BIN, '--listen', f'127.0.0.1:{LP}', '--admin-listen', f'127.0.0.1:{AP}',
                          '--policy', POLICY, '--mongo-uri', f'mongodb://127.0.0.1:{SP}/'], stderr=log)
    for _ in range(200):
        try:
            urllib.request.urlopen(f'http://127.0.0.1:{AP}/healthz', timeout=1).read(); break
        except Exception:
            time.sleep(0.05)
    req = urllib.request.Request(f'http://127.0.0.1:{LP}/oauth2/token', data=b'grant_type=client_credentials',
                                 headers={'Authorization': 'Basic ' + base64.b64encode(b'demo-service:demo-secret').decode()})
    code = urllib.request.urlopen(req, timeout=5).status
    done = threading.Event()
    scrapes = []
    def keep():
        c = http.client.HTTPConnection('127.0.0.1', AP, timeout=5)
        while not done.is_set():
            try:
                c.request('GET', '/metrics'); resp = c.getresponse(); body = resp.read()
                scrapes.append((time.time(), resp.status, [l for l in body.decode().splitlines() if l.startswith('oauth_ratelimit_sync_final_flush_unwritten_counts_total{outcome="unknown"}')]))
            except Exception as e:
                scrapes.append((time.time(), 'err', str(e)[:60])); break
            time.sleep(0.5)
    th = None
    if CASE == 'keep':
        th = threading.Thread(target=keep); th.start(); time.sleep(0.7)
    t0 = time.time(); p.terminate()
    sil = None
    if CASE == 'silent':
        time.sleep(1.0); sil = socket.create_connection(('127.0.0.1', AP))
    rc = p.wait(); t1 = time.time(); done.set()
    if th: th.join()
    if sil: sil.close()
    log.close(); stop.set(); bh.join()
    recs = {}
    for line in open(f'/tmp/s33/h182/results/logs/adm_{CASE}_{r}.log'):
        try:
            rec = json.loads(line)
        except Exception:
            continue
        recs.setdefault(rec['msg'], rec)
    sd = ts(recs['shutting down'])
    ff = ts(recs['final flush failed']) - sd if 'final flush failed' in recs else float('nan')
    st = ts(recs['stopped']) - sd
    print(f'{CASE} round {r}: token {code}; SIGTERM->exit {t1-t0:.3f} s; log: shutting down +0, '
          f'final flush failed +{ff:.3f}, stopped +{st:.3f} (admin close {st-ff:.3f} s); exit {rc}; '
          f'warns {[m for m in recs if "admin" in m]}', flush=True)
    if CASE == 'keep':
        after = [s for s in scrapes if s[0] > t0]
        print(f'   scrapes after SIGTERM: {[(round(s[0]-t0,2), s[1], s[2]) for s in after]}', flush=True)

for r in range(ROUNDS):
    one(r)
