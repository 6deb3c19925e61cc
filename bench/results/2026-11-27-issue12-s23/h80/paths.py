# path and request-line variants through the proxy: every 2xx must be counted
import socket, base64, json, urllib.request, sys
host, admin = sys.argv[1], sys.argv[2]
cid = b'\xfdpath-probe'
auth = base64.b64encode(b'%FDpath-probe:wild').decode()
body = b'grant_type=client_credentials'
variants = ['/oauth2/token', '/oauth2/token/', '//oauth2/token', '/oauth2/./token', '/oauth2/x/../token', '/oauth2/%74oken',
            '/oauth2/token;jsessionid=1', '/oauth2/token%3Bx', '/OAUTH2/token', '/oauth2/token%2F', 'http://%s/oauth2/token' % host,
            '/oauth2/token?', '/oauth2/token?scope=a', '/oauth2/token%20', '/./oauth2/token', '/oauth2//token']
ok = 0
for v in variants:
    for proto in ['HTTP/1.1', 'HTTP/1.0']:
        s = socket.create_connection(tuple(host.split(':')[0:1]) + (int(host.split(':')[1]),))
        req = ('POST %s %s\r\nHost: %s\r\nAuthorization: Basic %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\nConnection: close\r\n\r\n' % (v, proto, host, auth, len(body))).encode() + body
        s.sendall(req)
        resp = b''
        while True:
            d = s.recv(65536)
            if not d: break
            resp += d
        s.close()
        status = resp.split(b'\r\n', 1)[0].decode()
        rl = [l for l in resp.split(b'\r\n') if l.lower().startswith(b'ratelimit:')]
        print('%-32s %-8s %-28s %s' % (v, proto, status, rl[0].decode() if rl else '-'))
        if b' 200 ' in resp.split(b'\r\n', 1)[0]: ok += 1
k = json.load(urllib.request.urlopen('http://%s/admin/keys/%%FDpath-probe' % admin))
print('2xx answers:', ok, ' key holds:', [(t['scope'], t['global']['current'] + t['local']['current']) for t in k['tiers']])
