package oauthratelimit_test

import (
	"context"
	"fmt"
	"time"

	oauthratelimit "github.com/oauth-ratelimit/oauth-ratelimit"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// Lower one client's limit and put it in dry-run on every instance at run
// time: an override written through one instance is read by the others
// from the store they share.
func ExampleLimiter_PutOverride() {
	p, _ := policy.New(policy.Spec{Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 600, Size: time.Minute}}}})
	store := syncer.NewMemoryStore() // one process; mongostore.Store shares it between processes
	now := func() time.Time { return time.Unix(1_700_002_800, 0) }
	a, _ := oauthratelimit.New(oauthratelimit.Config{Policy: p, Store: store, Instance: "a", Now: now})
	b, _ := oauthratelimit.New(oauthratelimit.Config{Policy: p, Store: store, Instance: "b", Now: now})
	ctx := context.Background()

	o, _ := policy.ParseOverride([]byte(`{"mode": "dry-run", "client": [{"limit": 60, "window": "1m"}]}`))
	st, _ := a.PutOverride(ctx, "batch-exporter", o)
	fmt.Println(st.Client, st.Version, st.By, string(st.Spec), st.Applied())

	b.LoadOverrides(ctx) // b's Run does it after every pull
	r := b.Policy().For("batch-exporter")
	fmt.Println(r.Mode, r.Client)

	b.DeleteOverride(ctx, "batch-exporter")
	a.LoadOverrides(ctx)
	fmt.Println(a.Policy().For("batch-exporter").Client)
	// Output:
	// batch-exporter 1700002800000 a {"mode":"dry-run","client":[{"limit":60,"window":"1m"}]} true
	// dry-run [{60 1m0s}]
	// [{600 1m0s}]
}
