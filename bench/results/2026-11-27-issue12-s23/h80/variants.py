# header and parameter-name variants through the proxy (token server of the
# run behind it): each variant on a client of its own (invalid UTF-8 IDs:
# the token server takes any with the secret "wild"), sent 3 times; every
# 2xx must be counted on that client's key, and nothing anywhere else.
import socket, base64, json, urllib.request, urllib.error, sys
host, admin = sys.argv[1], sys.argv[2]
def b64(s): return base64.b64encode(s).decode()
def send(lines, body):
    s = socket.create_connection(('127.0.0.1', int(host.split(':')[1])))
    req = ('POST /oauth2/token HTTP/1.1\r\nHost: %s\r\n' % host).encode() + b''.join(l + b'\r\n' for l in lines) + ('Content-Length: %d\r\nConnection: close\r\n\r\n' % len(body)).encode() + body
    s.sendall(req); resp = b''
    while True:
        d = s.recv(65536)
        if not d: break
        resp += d
    s.close()
    head, _, rbody = resp.partition(b'\r\n\r\n')
    return head.split(b'\r\n')[0].decode(), rbody.decode(errors='replace')[:160]
def held(cid):
    try:
        k = json.load(urllib.request.urlopen('http://%s/admin/keys/%s' % (admin, ''.join('%%%02X' % c for c in cid))))
        return k['tiers'][0]['global']['current'] + k['tiers'][0]['local']['current']
    except urllib.error.HTTPError as e:
        return 'HTTP %d' % e.code
FORM = b'Content-Type: application/x-www-form-urlencoded'
cases = []
def case(name, lines, body): cases.append((name, lines, body))
for i, (name, scheme) in enumerate([('basic lower', b'basic'), ('BASIC upper', b'BASIC'), ('Basic two spaces', b'Basic ')]):
    cid = b'\xfbv%d' % i
    case(name, [FORM, b'Authorization: ' + scheme + b' ' + b64(b'%FB' + cid[1:] + b':wild').encode()], b'grant_type=client_credentials')
cid = b'\xfbv10'
case('escaped param names', [FORM], b'client%5Fid=%FBv10&client%5fsecret=wild&grant%5Ftype=client_credentials')
case('plus in param name', [FORM], b'client_id=%FBv11&client_secret=wild&grant_type=client_credentials&x+y=1')
case('content-type upper', [b'Content-Type: APPLICATION/X-WWW-FORM-URLENCODED'], b'client_id=%FBv12&client_secret=wild&grant_type=client_credentials')
case('content-type params', [b'Content-Type: application/x-www-form-urlencoded ; charset="utf-8"'], b'client_id=%FBv13&client_secret=wild&grant_type=client_credentials')
case('no content-type', [], b'client_id=%FBv14&client_secret=wild&grant_type=client_credentials')
case('two content-types', [FORM, b'Content-Type: text/plain'], b'client_id=%FBv15&client_secret=wild&grant_type=client_credentials')
case('two authorization headers', [FORM, b'Authorization: Basic ' + b64(b'%FBv16:wild').encode(), b'Authorization: Basic ' + b64(b'%FBv17:wild').encode()], b'grant_type=client_credentials')
case('bearer authorization + body creds', [FORM, b'Authorization: Bearer abc'], b'client_id=%FBv18&client_secret=wild&grant_type=client_credentials')
case('empty authorization', [FORM, b'Authorization: '], b'client_id=%FBv19&client_secret=wild&grant_type=client_credentials')
case('basic, empty client_id in body', [FORM, b'Authorization: Basic ' + b64(b'%FBv20:wild').encode()], b'client_id=&grant_type=client_credentials')
case('grant_type empty then set', [FORM], b'client_id=%FBv21&client_secret=wild&grant_type=&grant_type=client_credentials')
case('client_id empty then set', [FORM], b'client_id=&client_id=%FBv22&client_secret=wild&grant_type=client_credentials')
case('leading BOM-ish bytes', [FORM], b'\xef\xbb\xbfclient_id=%FBv23&client_secret=wild&grant_type=client_credentials')
case('param without =', [FORM], b'client_id=%FBv24&client_secret=wild&grant_type=client_credentials&openid')
case('percent-encoded & in value', [FORM], b'client_id=%FBv25%26client_id%3Dother&client_secret=wild&grant_type=client_credentials')
case('header folding (obs-fold)', [FORM, b'Authorization: Basic', b' ' + b64(b'%FBv26:wild').encode()], b'grant_type=client_credentials')
case('transfer-encoding + content-length', [FORM, b'Transfer-Encoding: chunked'], b'client_id=%FBv27&client_secret=wild&grant_type=client_credentials')
out = []
for name, lines, body in cases:
    res = [send(lines, body) for _ in range(3)]
    out.append((name, res))
    print('%-36s %s' % (name, ' | '.join(r[0].split(' ', 1)[1] for r in res)))
    for st, b in res:
        if not st.split(' ')[1].startswith('2'):
            print('%38s %s' % ('', b)); break
print()
for i in list(range(0, 3)) + list(range(10, 28)):
    print('key \\xfbv%d holds %s' % (i, held(b'\xfbv%d' % i)))
top = json.load(urllib.request.urlopen('http://%s/admin/top?n=1000' % admin))
print('keys in top without a client:', [k for k in top['keys'] if k['path'].startswith('/admin/keys-without-client')])
