package oauthratelimit

import (
	"testing"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/policy"
)

// FuzzDecodeFleet: whatever another instance's document holds (the store
// is shared, its documents are written by other versions and by hand),
// the policy compiles with it, in an outage too, and every key's reserve
// stays within cache.MaxSizes sizes in size order: a decision never
// panics on it (cache.Reserve panics beyond MaxSizes).
func FuzzDecodeFleet(f *testing.F) {
	f.Add([]byte(`{"d":[[[60,600],[3600,20000]],[[60,60],[3600,1000]],[]]}`), []byte(`{"d":[[[10,10]],[],[]],"c":{"svc":[[[1,1],[2,2],[3,-1]],[[5,0]],[[7,7],[86400,1]]]}}`))
	f.Add([]byte(`{"d":[[[1,1],[2,2],[3,3],[4,4]],[[1,1]],[[5,5],[6,6],[7,7],[8,8]]]}`), []byte(`{`))
	p, err := policy.New(policy.Spec{
		Defaults: policy.Defaults{Client: []policy.Tier{{Limit: 10, Size: time.Minute}}, Aggregate: []policy.Tier{{Limit: 100, Size: time.Hour}}, User: []policy.Tier{{Limit: 5, Size: time.Minute}}, Outage: policy.OutageShare},
		Clients:  map[string]policy.Override{"svc": {Client: []policy.Tier{{Limit: 1, Size: time.Second}, {Limit: 2, Size: 2 * time.Second}, {Limit: 3, Size: 3 * time.Second}}}},
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		fl, _ := decodeFleet(map[string][]byte{"a": a, "b": b})
		cp, err := compilePolicy(p, nil, fl)
		if err != nil {
			t.Fatalf("compile with the fleet: %v", err)
		}
		check := func(when string, cr *compiledRules) {
			if cr == nil {
				return
			}
			clientKey := map[time.Duration]bool{}
			for s := range numScopes {
				r := cr.scopes[s].reserve
				if len(r) > cache.MaxSizes {
					t.Fatalf("%s: %s reserve of %d tiers", when, scopeNames[s], len(r))
				}
				for i := 1; i < len(r); i++ {
					if r[i].Size <= r[i-1].Size {
						t.Fatalf("%s: %s reserve not in size order: %v", when, scopeNames[s], reserveOf(r))
					}
				}
				if scope(s) != scopeUser {
					for _, x := range r {
						clientKey[x.Size] = true
					}
				}
			}
			if len(clientKey) > cache.MaxSizes {
				t.Fatalf("%s: the per-client key holds %d sizes", when, len(clientKey))
			}
		}
		for _, id := range []string{"svc", "other"} {
			check("fleet", cp.lookup(id))
		}
		cp.setOutage(outageLevel{pessimistic: 3, share: 3})
		for _, id := range []string{"svc", "other"} {
			check("outage", cp.lookup(id))
		}
	})
}
