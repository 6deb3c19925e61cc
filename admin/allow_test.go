package admin

import (
	"net/http/httptest"
	"testing"
)

// TestHandlerAllow: a 405 names in Allow every method the path takes,
// HEAD with GET (a GET route answers HEAD, and net/http's own 405 said
// so), without the token being asked again.
func TestHandlerAllow(t *testing.T) {
	s, err := New(Config{Limiter: newLimiter(t, nil), Token: []byte(testToken)})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ method, path, allow string }{
		{"POST", "/admin/top", "GET, HEAD"},
		{"PATCH", "/admin/mode", "GET, HEAD, POST, DELETE"},
		{"GET", "/admin/reload", "POST"},
		{"HEAD", "/admin/reload", "POST"},
		{"POST", "/admin/overrides/svc", "PUT, DELETE"},
	} {
		t.Run(c.method+" "+c.path, func(t *testing.T) {
			req := httptest.NewRequest(c.method, c.path, nil)
			req.RemoteAddr = "127.0.0.1:40000"
			req.Header.Set("Authorization", "Bearer "+testToken)
			req.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			if w.Code != 405 || w.Header().Get("Allow") != c.allow {
				t.Errorf("%d, Allow %q: want 405, Allow %q (%s)", w.Code, w.Header().Get("Allow"), c.allow, w.Body)
			}
		})
	}
}
