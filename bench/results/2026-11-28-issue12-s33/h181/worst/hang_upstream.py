# A token endpoint that never answers (within the test's minute).
import http.server, sys, time
class H(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        time.sleep(120)
    def log_message(self, *a): pass
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
