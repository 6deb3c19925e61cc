import http.server, urllib.parse, sys, socketserver
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass
    def do_POST(self):
        n = int(self.headers.get("Content-Length", 0)); f = urllib.parse.parse_qs(self.rfile.read(n).decode())
        code = f.get("code", [""])[0] or f.get("username", [""])[0]
        if code == "bad":
            b = b'{"error":"invalid_grant"}'; self.send_response(400)
        elif code == "cut":
            self.send_response(200); self.send_header("Content-Type", "application/json"); self.send_header("Content-Length", "1000"); self.end_headers()
            self.wfile.write(b'{"access_token":"'); self.wfile.flush(); self.close_connection = True
            self.connection.shutdown(2); return
        else:
            b = b'{"access_token":"opaque-token","token_type":"Bearer","expires_in":3600}'; self.send_response(200)
        self.send_header("Content-Type", "application/json"); self.send_header("Content-Length", str(len(b))); self.end_headers(); self.wfile.write(b)
class S(socketserver.ThreadingMixIn, http.server.HTTPServer): daemon_threads = True
S(("127.0.0.1", 26001), H).serve_forever()
