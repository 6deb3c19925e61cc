package admin

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/internal/syncfixture"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// TestHandlerDefaultsStoreDown: without Config.Ready and Config.Store, GET
// /readyz and the status page read the Limiter's outage state: ready and
// the store ok while it answers; past OutageAfter without an answer,
// still ready (decisions go on from memory) with the reason, and the page
// shows the store unreachable.
func TestHandlerDefaultsStoreDown(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, err := policy.New(policy.Spec{Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 10, Size: time.Hour}}}})
		if err != nil {
			t.Fatal(err)
		}
		store := &syncfixture.CutStore{MemoryStore: syncer.NewMemoryStore()}
		lim, err := oauthratelimit.New(oauthratelimit.Config{Policy: p, Store: store, Instance: "a",
			SyncInterval: time.Second, OutageAfter: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { defer close(done); lim.Run(ctx) }()
		defer func() { cancel(); <-done }()
		s, err := New(Config{Limiter: lim, LoopbackOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		get := func(path string) (int, string) {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.RemoteAddr = "127.0.0.1:40000" // from this machine, as a loopback listener's requests are
			req.Host = "127.0.0.1:9090"
			w := httptest.NewRecorder()
			s.ServeHTTP(w, req)
			return w.Code, w.Body.String()
		}
		time.Sleep(1500 * time.Millisecond)
		synctest.Wait()
		if code, body := get("/readyz"); code != 200 || strings.TrimSpace(body) != `{"ready":true}` {
			t.Errorf("store up: /readyz %d %s, want 200 ready without a reason", code, body)
		}
		if _, page := get("/admin/"); !strings.Contains(page, `<div class="value ok">ok</div>`) {
			t.Errorf("store up: the page does not show the store ok:\n%s", page)
		}
		store.Cut.Store(true)
		time.Sleep(7 * time.Second)
		synctest.Wait()
		if code, body := get("/readyz"); code != 200 || !strings.Contains(body, `"ready":true`) || !strings.Contains(body, "the store does not answer") {
			t.Errorf("store down: /readyz %d %s, want 200 ready with the reason", code, body)
		}
		if _, page := get("/admin/"); !strings.Contains(page, `<div class="value bad">unreachable</div>`) {
			t.Errorf("store down: the page does not show the store unreachable:\n%s", page)
		}
	})
}
