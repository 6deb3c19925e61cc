# Expect: 100-continue on requests the limiter refuses before reading the
# body: the client then does not send the body (RFC 9110 10.1.1 allows
# either), and sends its next request on the same connection. Each second
# request is a valid token request of its own client: it must be answered,
# and counted exactly once.
import socket, base64, json, urllib.request, sys, time
host, admin = sys.argv[1], sys.argv[2]
port = int(host.split(':')[1])
def readresp(f):
    line = f.readline()
    if not line: return None, {}, b''
    hdrs = {}
    while True:
        l = f.readline()
        if l in (b'\r\n', b''): break
        k, _, v = l.decode().partition(':'); hdrs[k.strip().lower()] = v.strip()
    n = int(hdrs.get('content-length', '0'))
    return line.decode().strip(), hdrs, f.read(n)
valid = lambda cid: (b'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n' % len(b'grant_type=client_credentials&client_secret=wild&client_id=' + cid)) + b'grant_type=client_credentials&client_secret=wild&client_id=' + cid
firsts = {
 'query client_id': b'POST /oauth2/token?client_id=x HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\nContent-Length: 30\r\n\r\n',
 'too large': b'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nExpect: 100-continue\r\nContent-Length: 70000\r\n\r\n',
 'multipart': b'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nExpect: 100-continue\r\nContent-Length: 30\r\n\r\n',
 'gzip': b'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Encoding: gzip\r\nExpect: 100-continue\r\nContent-Length: 30\r\n\r\n',
 'two authorization': b'POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nAuthorization: Basic YTpi\r\nAuthorization: Basic YzpK\r\nExpect: 100-continue\r\nContent-Length: 30\r\n\r\n',
}
i = 0
for name, first in firsts.items():
    for mode in ['no body, next request', 'body after the answer']:
        i += 1
        cid = b'%%FCe%d' % i
        s = socket.create_connection(('127.0.0.1', port)); s.settimeout(5); f = s.makefile('rb')
        s.sendall(first)
        st1, h1, b1 = readresp(f)
        if mode == 'body after the answer':
            n = int([l for l in first.split(b'\r\n') if l.lower().startswith(b'content-length')][0].split(b':')[1])
            try: s.sendall(b'z' * n)
            except Exception as e: pass
        try:
            s.sendall(valid(cid))
            st2, h2, b2 = readresp(f)
        except Exception as e:
            st2, h2, b2 = 'error: %s' % e, {}, b''
        s.close()
        time.sleep(0.05)
        try:
            k = json.load(urllib.request.urlopen('http://%s/admin/keys/%%FCe%d' % (admin, i)))
            held = k['tiers'][0]['global']['current'] + k['tiers'][0]['local']['current']
        except Exception as e:
            held = str(e)
        print('%-18s %-22s first: %-28s conn: %-6s second: %-24s key holds %s  %s' % (name, mode, st1, h1.get('connection', ''), st2, held, b1[:90].decode(errors='replace')))
