# A token endpoint that issues a refresh token with every token: the limiter (proxy mode)
# learns a binding (refresh token -> client, user) from each password grant's answer.
import http.server, json, itertools, sys
n = itertools.count()
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        self.rfile.read(int(self.headers.get('Content-Length', 0)))
        b = json.dumps({"access_token": "a%d" % next(n), "token_type": "Bearer", "expires_in": 60,
                        "refresh_token": "r%d" % next(n)}).encode()
        self.send_response(200); self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(b))); self.end_headers(); self.wfile.write(b)
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
