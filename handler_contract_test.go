package oauthratelimit

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestRequestLeftAsGiven: the middleware hands back the request it was
// handed as it came (net/http's Handler contract: "Except for reading the
// body, handlers should not modify the provided Request"). An outer
// middleware that looks at r once next returned (a logger of
// Accept-Encoding, a recoverer, a retry) sees the headers and the body it
// passed in, also after a panic in the endpoint or the UserResolver; the
// token endpoint gets the bytes the middleware read, without the headers
// the middleware drops for it (Expect: the body is read; Accept-Encoding:
// a held answer is read). Before, Expect and Accept-Encoding were deleted
// from the caller's header map for good, and a panic left r.Body the
// middleware's detached reader. (The middleware replaces r.Body during the
// call, as http.MaxBytesReader is used: reading r concurrently is not a
// guarantee it gives; see Middleware.)
func TestRequestLeftAsGiven(t *testing.T) {
	const cc, pw = "grant_type=client_credentials&client_id=app", "grant_type=password&client_id=app&username=ann"
	both := []string{"Expect", "100-continue", "Accept-Encoding", "gzip"}
	tests := []struct {
		name      string
		attribute bool // Config.AttributeIssued: a user grant's answer is held
		body      string
		hdr       []string // headers sent besides Content-Type and X-Trace, name value pairs
		form      bool     // a handler before parses the form
		panics    string   // "endpoint" or "resolver" panics
		status    int
		endpoint  bool     // the endpoint is called
		dropped   []string // headers the endpoint must not see
	}{
		{"admitted", false, cc, both, false, "", 200, true, []string{"Expect"}},
		{"nothing to drop", true, cc, []string{"Accept-Encoding", "gzip"}, false, "", 200, true, nil},
		{"held for its user", true, pw, both, false, "", 200, true, []string{"Expect", "Accept-Encoding"}},
		{"held, Accept-Encoding only", true, pw, []string{"Accept-Encoding", "gzip"}, false, "", 200, true, []string{"Accept-Encoding"}},
		{"not held in proxy mode", true, cc, both, false, "", 200, true, []string{"Expect"}},
		{"form parsed before", true, pw, both, true, "", 200, true, []string{"Expect", "Accept-Encoding"}},
		{"form parsed before, nothing to drop", false, pw, nil, true, "", 200, true, nil},
		{"endpoint panics", true, pw, both, false, "endpoint", 0, true, []string{"Expect", "Accept-Encoding"}},
		{"endpoint panics, nothing to drop", false, cc, []string{"Accept-Encoding", "gzip"}, false, "endpoint", 0, true, nil},
		{"resolver panics", false, "grant_type=authorization_code&client_id=app&code=c", both, false, "resolver", 0, false, nil},
		{"malformed", false, cc + "&client_id=b", both, false, "", 400, false, nil}, // two client IDs
		{"over the limit", false, "grant_type=client_credentials&client_id=full", both, false, "", 429, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, func(c *Config) {
				c.AttributeIssued = tt.attribute
				c.UserResolver = func(r *http.Request, tr *TokenRequest) (string, error) {
					if tt.panics == "resolver" {
						panic(http.ErrAbortHandler)
					}
					return "", nil
				}
			})
			for range 3 {
				f.post("grant_type=client_credentials&client_id=full") // its limit is 3 a minute
			}
			var called bool
			h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				called = true
				for _, k := range tt.dropped {
					if v, ok := r.Header[k]; ok {
						t.Errorf("endpoint: header %s: %q, want none", k, v)
					}
				}
				if got := r.Header.Get("X-Trace"); got != "t1" {
					t.Errorf("endpoint: X-Trace %q, want t1", got)
				}
				for i := 0; i+1 < len(tt.hdr); i += 2 {
					if k := tt.hdr[i]; !slices.Contains(tt.dropped, k) && r.Header.Get(k) != tt.hdr[i+1] {
						t.Errorf("endpoint: %s %q, want %q (not dropped)", k, r.Header.Get(k), tt.hdr[i+1])
					}
				}
				if tt.panics == "endpoint" {
					panic(http.ErrAbortHandler)
				}
				f.ep.ServeHTTP(w, r)
			}))
			r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader(tt.body))
			r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			r.Header.Set("X-Trace", "t1")
			for i := 0; i+1 < len(tt.hdr); i += 2 {
				r.Header.Set(tt.hdr[i], tt.hdr[i+1])
			}
			want := r.Header.Clone()
			w := httptest.NewRecorder()
			if tt.form {
				r.ParseForm()
			}
			body, length := r.Body, r.ContentLength
			func() {
				// What an outer recoverer or logger sees.
				defer func() {
					if p := recover(); p != nil && (tt.panics == "" || p != http.ErrAbortHandler) {
						t.Errorf("panic %v", p)
					} else if p == nil && tt.panics != "" {
						t.Errorf("the %s's panic did not go on", tt.panics)
					}
					if r.Body != body {
						t.Errorf("r.Body %T after the middleware, want the caller's %T", r.Body, body)
					}
					if tt.form && (r.PostForm.Get("client_id") != "app" || r.ContentLength != length) {
						t.Errorf("r.PostForm %v, ContentLength %d after the middleware, want the caller's (%d)", r.PostForm, r.ContentLength, length)
					}
				}()
				h.ServeHTTP(w, r)
			}()
			if !maps.EqualFunc(r.Header, want, slices.Equal) {
				t.Errorf("caller's header after the middleware:\n%v\nwant\n%v", r.Header, want)
			}
			if tt.panics == "" && (w.Code != tt.status) || called != tt.endpoint {
				t.Errorf("status %d, endpoint called %v; want %d, %v", w.Code, called, tt.status, tt.endpoint)
			}
			if tt.endpoint && tt.panics == "" {
				// The endpoint read the bytes the middleware read (the
				// form encoded again if a handler before parsed it).
				got, _ := url.ParseQuery(string(f.ep.last))
				if sent, _ := url.ParseQuery(tt.body); !maps.EqualFunc(got, sent, slices.Equal) {
					t.Errorf("endpoint read %q, want the form of %q", f.ep.last, tt.body)
				}
			}
		})
	}
}

// A request handed on as a copy (here for its Expect header) has a header
// map of its own whose values are the caller's slices, clipped: an Add by
// the endpoint to a header the caller gave with room to spare appends to
// a copy, and does not write into the caller's array (where the caller's
// own next append would find the endpoint's value, or overwrite it).
func TestEndpointAddLeavesCallersArray(t *testing.T) {
	f := newFixture(t, nil)
	h := f.lim.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Add("X-Trace", "endpoint")
		f.ep.ServeHTTP(w, r)
	}))
	r := httptest.NewRequest(http.MethodPost, DefaultTokenPath, strings.NewReader("grant_type=client_credentials&client_id=app"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Expect", "100-continue")
	trace := make([]string, 1, 4)
	trace[0] = "t1"
	r.Header["X-Trace"] = trace
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d, want 200", w.Code)
	}
	if got := trace[:2][1]; got != "" {
		t.Errorf("the caller's X-Trace array holds %q past its length after the endpoint's Add, want it untouched", got)
	}
}
