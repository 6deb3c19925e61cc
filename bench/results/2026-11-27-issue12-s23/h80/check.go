package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type key struct {
	c, u string
	user bool
}

func (k key) String() string {
	if k.user {
		return fmt.Sprintf("(%q,%q)", k.c, k.u)
	}
	return fmt.Sprintf("(%q)", k.c)
}

func pathEsc(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func keyPath(k key) string {
	if k.c == "" {
		p := "/admin/keys-without-client"
		if k.user {
			p += "/" + pathEsc(k.u)
		}
		return p
	}
	p := "/admin/keys/" + pathEsc(k.c)
	if k.user {
		p += "/" + pathEsc(k.u)
	}
	return p
}

type tierJ struct {
	Scope         string                            `json:"scope"`
	Limit         int64                             `json:"limit"`
	WindowSeconds int64                             `json:"window_seconds"`
	Global        struct{ Previous, Current int64 } `json:"global"`
	Local         struct{ Previous, Current int64 } `json:"local"`
	Reserved      int64                             `json:"reserved"`
	Used          int64                             `json:"used"`
	Remaining     int64                             `json:"remaining"`
}
type keyJ struct {
	Instance string  `json:"instance"`
	Reserved int64   `json:"reserved"`
	Tiers    []tierJ `json:"tiers"`
	Snapshot struct {
		Version int64 `json:"version"`
		Writers int   `json:"writers"`
	} `json:"snapshot"`
}

func getJSON(url string, v any) (int, string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode == 200 && v != nil {
		err = json.Unmarshal(b, v)
	}
	return resp.StatusCode, string(b), err
}

var rlRe = regexp.MustCompile(`^"([a-z]+-[0-9a-z]+)";r=(-?\d+);t=(\d+)$`)

// check compares the transcript with the limiter's counts. admins: each
// instance's admin address. It writes its findings to out and returns the
// number of failures.
func check(w *World, recs []*Rec, admins []string, out io.Writer) int {
	fails := 0
	failf := func(f string, a ...any) {
		fails++
		if fails <= 300 {
			fmt.Fprintf(out, "FAIL "+f+"\n", a...)
		}
	}
	byID := map[string]*Client{}
	for _, c := range w.Clients {
		byID[c.ID] = c
	}
	exp := map[key]int64{}
	touched := map[key]bool{}
	dirtyKey := map[key]bool{}
	attributed := map[key]bool{}
	unknown := map[key]int{} // requests whose fate is unknown (no answer, not a cancel)
	kinds := map[string]map[int]int{}
	for _, r := range recs {
		k := r.Kind
		if strings.HasPrefix(k, "m:") {
			k = "malformed"
		}
		if strings.HasPrefix(r.Kind, "cancel") {
			k = "cancel"
		}
		if kinds[k] == nil {
			kinds[k] = map[int]int{}
		}
		kinds[k][r.Status]++
		ck := key{c: r.ClientID}
		uk := key{c: r.ClientID, u: userKey(r.User), user: true}
		touched[ck] = true
		if r.HasUser {
			touched[uk] = true
		}
		if (r.Kind == "cc" || r.Kind == "pw" || r.Kind == "rt" || r.Kind == "rtx") && r.Status != 0 && r.Status != 200 && r.Status != 429 {
			dirtyKey[ck], dirtyKey[uk] = true, true // refused by the endpoint
		}
		if r.Kind == "rtx" {
			// maybe attributed after issuance: never refused by the
			// user's tiers, so the user's key may pass its limit
			attributed[uk] = true
		}
		if r.Kind == "badsecret" || r.Kind == "badpw" || r.Kind == "cancel:hangupop" {
			// a reservation released: remaining may be seen again
			dirtyKey[ck], dirtyKey[uk] = true, true
		}
		if r.Status == 0 && !strings.HasPrefix(r.Kind, "cancel") && !strings.HasPrefix(r.Err, "not sent") && !strings.HasPrefix(r.Err, "dial: ") && !strings.HasPrefix(r.Err, "unanswered: server closed") {
			unknown[ck]++
			if r.HasUser {
				unknown[uk]++
			}
		}
		if strings.Contains(r.Err, "without a whole token answer") {
			failf("op %d (%s %q): %s", r.ID, r.Kind, r.ClientID, r.Err)
		}
		if r.Status >= 200 && r.Status < 300 {
			switch {
			case r.Kind == "cc":
				exp[ck] += r.Cost
			case r.Kind == "pw" || r.Kind == "rt" || r.Kind == "rtx":
				exp[ck] += r.Cost
				exp[uk] += r.Cost
			default:
				// counted all the same: so that one wrong 2xx shows once
				failf("op %d kind %s got 2xx (%d)", r.ID, r.Kind, r.Status)
				exp[ck] += r.Cost
				if r.HasUser {
					exp[uk] += r.Cost
				}
			}
		}
		if r.Status != 0 && r.WantCode != nil {
			ok := false
			for _, c := range r.WantCode {
				ok = ok || c == r.Status
			}
			if !ok {
				failf("op %d kind %s client %q: status %d, want %v; body %s", r.ID, r.Kind, r.ClientID, r.Status, r.WantCode, r.RespBody)
			} else if strings.HasPrefix(r.Kind, "m:") && r.WantDesc != "" && !strings.Contains(r.RespBody, r.WantDesc) {
				fmt.Fprintf(out, "NOTE op %d %s: %d %s (no %q in it)\n", r.ID, r.Kind, r.Status, r.RespBody, r.WantDesc)
			}
		}
		if strings.HasPrefix(r.Kind, "m:") && r.Status != 0 {
			if len(r.Hdr["Ratelimit"]) > 0 {
				failf("op %d %s carries RateLimit %s", r.ID, r.Kind, r.Hdr["Ratelimit"])
			}
		}
	}
	if expOut != "" {
		if f, err := os.Create(expOut); err == nil {
			enc := json.NewEncoder(f)
			for k, n := range exp {
				enc.Encode(map[string]any{"client": k.c, "user": k.u, "is_user": k.user, "count": n, "unknown": unknown[k]})
			}
			f.Close()
		}
	}
	fmt.Fprintf(out, "statuses by kind:\n")
	ks := make([]string, 0, len(kinds))
	for k := range kinds {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Fprintf(out, "  %-10s %v\n", k, kinds[k])
	}
	for k, n := range unknown {
		fmt.Fprintf(out, "NOTE key %s: %d requests without an answer (not cancels): its count is not exact\n", k, n)
	}

	// the limiter's counts, per instance
	held := map[string]map[key]*keyJ{}
	checked, exact := 0, 0
	for _, a := range admins {
		held[a] = map[key]*keyJ{}
		for k := range touched {
			var kj keyJ
			st, body, err := getJSON("http://"+a+keyPath(k), &kj)
			if err != nil || (st != 200 && st != 404) {
				failf("GET %s on %s: %d %v %s", keyPath(k), a, st, err, body)
				continue
			}
			checked++
			want := exp[k]
			if st == 404 {
				if want != 0 && len(admins) == 1 {
					failf("key %s on %s: 404, want count %d", k, a, want)
				} else if want != 0 {
					fmt.Fprintf(out, "NOTE key %s not held on %s (count %d issued)\n", k, a, want)
				}
				continue
			}
			held[a][k] = &kj
			if kj.Reserved != 0 {
				failf("key %s on %s: reserved %d after the run", k, a, kj.Reserved)
			}
			okAll := true
			for _, t := range kj.Tiers {
				got := t.Global.Current + t.Local.Current
				if t.Global.Previous+t.Local.Previous != 0 {
					failf("key %s tier %s: previous frame %d", k, t.Scope, t.Global.Previous+t.Local.Previous)
				}
				if len(admins) > 1 && t.Local.Current != 0 {
					fmt.Fprintf(out, "NOTE key %s on %s: local %d not yet flushed\n", k, a, t.Local.Current)
				}
				if got != want {
					okAll = false
					if unknown[k] > 0 {
						fmt.Fprintf(out, "NOTE key %s on %s tier %s: holds %d, issued %d (with %d unanswered)\n", k, a, t.Scope, got, want, unknown[k])
					} else {
						failf("key %s on %s tier %s: holds %d (global %d local %d), issued %d", k, a, t.Scope, got, t.Global.Current, t.Local.Current, want)
					}
				}
			}
			if okAll {
				exact++
			}
		}
		// any key with counts that nobody sent to?
		var top struct {
			Keys []struct {
				ClientID string `json:"client_id"`
				User     string `json:"user"`
				Path     string `json:"path"`
				Scope    string `json:"scope"`
				Used     int64  `json:"used"`
			} `json:"keys"`
		}
		st, body, err := getJSON("http://"+a+"/admin/top?n=1000", &top)
		if err != nil || st != 200 {
			failf("top on %s: %d %v %s", a, st, err, body)
		}
		stray := 0
		for _, t := range top.Keys {
			k, perr := keyOfPath(t.Path)
			if perr != nil {
				failf("top on %s: path %q: %v", a, t.Path, perr)
				continue
			}
			if t.Used > 0 && exp[k] == 0 {
				stray++
				failf("top on %s: key %s (%s) used %d, nothing issued to it", a, k, t.Path, t.Used)
			}
		}
		fmt.Fprintf(out, "top on %s: %d keys listed, %d stray\n", a, len(top.Keys), stray)
	}
	fmt.Fprintf(out, "keys checked %d (over %d instances), exact %d; issued-to keys %d\n", checked, len(admins), exact, len(exp))

	// denials exactly at the limit (one instance: exact; more: reported)
	if len(admins) == 1 {
		type rv struct {
			k key
			t string
			r int64
		}
		seenR := map[rv]int{}
		over, badDeny, dupR, deny := 0, 0, 0, 0
		for k, n := range exp {
			c := byID[k.c]
			if c == nil || c.Rules == "trusted" || c.Rules == "dryrun" {
				continue
			}
			cl, ul, ag := limitsOf(c)
			lim := max(cl, ag)
			if k.user {
				lim = ul
			}
			if n > lim && attributed[k] {
				fmt.Fprintf(out, "NOTE key %s: issued %d over its limit %d (refresh grants of tokens the limiter had not seen issued: attributed after issuance)\n", k, n, lim)
			} else if n > lim {
				over++
				failf("key %s: issued %d over its limit %d", k, n, lim)
			}
		}
		for _, r := range recs {
			c := byID[r.ClientID]
			if c == nil || c.Rules == "trusted" || c.Rules == "dryrun" {
				continue
			}
			m := rlRe.FindStringSubmatch(r.Hdr["Ratelimit"])
			if r.Status == 200 && (r.Kind == "cc" || r.Kind == "pw" || r.Kind == "rt" || r.Kind == "rtx") {
				if m == nil {
					failf("op %d 200 without a RateLimit header: %q", r.ID, r.Hdr["Ratelimit"])
					continue
				}
				k := key{c: r.ClientID}
				if strings.HasPrefix(m[1], "user-") {
					k = key{c: r.ClientID, u: userKey(r.User), user: true}
				}
				if dirtyKey[k] || attributed[k] {
					continue
				}
				x := rv{k, m[1], atoi(m[2])}
				seenR[x]++
				if seenR[x] == 2 {
					dupR++
					failf("key %s tier %s: remaining %d on two admitted requests", k, m[1], x.r)
				}
				if x.r < 0 {
					failf("op %d: remaining %d", r.ID, x.r)
				}
			}
			if o := r.Hdr["Access-Control-Allow-Origin"]; o != "" && r.Status != 200 {
				if want := fmt.Sprintf("http://o%d.example", r.Client); o != want || !corsAllowed(r.Client) || c.Wild {
					failf("op %d (%s, client %d) status %d carries Access-Control-Allow-Origin %q", r.ID, r.Kind, r.Client, r.Status, o)
				}
			}
			if r.Status == 429 {
				deny++
				if m == nil || r.Hdr["Retry-After"] == "" {
					failf("op %d 429 without RateLimit/Retry-After: %v", r.ID, r.Hdr)
					continue
				}
				k := key{c: r.ClientID}
				var lim int64
				cl, ul, ag := limitsOf(c)
				switch {
				case strings.HasPrefix(m[1], "user-"):
					k, lim = key{c: r.ClientID, u: userKey(r.User), user: true}, ul
				case strings.HasPrefix(m[1], "client-"):
					lim = cl
				case strings.HasPrefix(m[1], "aggregate-"):
					lim = ag
				}
				if dirtyKey[k] || attributed[k] {
					continue
				}
				if exp[k]+r.Cost <= lim {
					badDeny++
					failf("op %d (%s %s) refused by %s (limit %d) though its key ended at %d issued, cost %d", r.ID, r.Kind, k, m[1], lim, exp[k], r.Cost)
				}
				if m[2] != "0" && atoi(m[2]) >= r.Cost {
					failf("op %d 429 with r=%s >= cost %d", r.ID, m[2], r.Cost)
				}
			}
		}
		fmt.Fprintf(out, "limits: %d keys over, %d refusals of %d below the limit, %d remaining seen twice\n", over, badDeny, deny, dupR)
	}
	fmt.Fprintf(out, "failures: %d\n", fails)
	return fails
}

func memStats(admin string) string {
	resp, err := http.Get("http://" + admin + "/metrics")
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		for _, p := range []string{"go_memstats_heap_inuse_bytes ", "go_memstats_heap_alloc_bytes ", "go_memstats_sys_bytes ", "process_resident_memory_bytes ", "go_goroutines ", "oauth_ratelimit_cache_keys"} {
			if strings.HasPrefix(l, p) {
				out = append(out, l)
			}
		}
	}
	return strings.Join(out, "\n")
}

var _ = strconv.Itoa

var expOut string

var ignoreCase bool

// userKey is the user a key is counted for (--username-ignore-case:
// lowered as AppendLower does, rune by rune).
func userKey(u string) string {
	if ignoreCase {
		return strings.ToLower(u)
	}
	return u
}

// keyOfPath reads a key back from its admin path (raw bytes, escaped).
func keyOfPath(p string) (key, error) {
	var segs []string
	switch {
	case strings.HasPrefix(p, "/admin/keys-without-client"):
		segs = append([]string{""}, strings.Split(strings.TrimPrefix(strings.TrimPrefix(p, "/admin/keys-without-client"), "/"), "/")...)
		if len(segs) == 2 && segs[1] == "" {
			segs = segs[:1]
		}
	case strings.HasPrefix(p, "/admin/keys/"):
		segs = strings.Split(strings.TrimPrefix(p, "/admin/keys/"), "/")
	default:
		return key{}, fmt.Errorf("not a key path")
	}
	var k key
	for i, s := range segs {
		u, err := url.PathUnescape(s)
		if err != nil {
			return key{}, err
		}
		if i == 0 {
			k.c = u
		} else {
			k.u, k.user = u, true
		}
	}
	return k, nil
}
