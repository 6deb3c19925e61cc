package main

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// connKey is a key of TestE2ECountsStayWithTheirKeyOnEveryConnection: a
// client, or a client and its user.
type connKey struct{ client, user string }

// connClientIDs are client IDs that differ in one byte at the end, at the
// start or in the middle, at lengths on either side of 32 bytes and of 224
// (the cache holds the key of up to 224 bytes in its entry and a longer one
// out of line), up to the 256 the parser takes; and IDs that differ only by
// how a byte is escaped ('+' is a space in a form and in HTTP Basic).
func connClientIDs() []string {
	ids := []string{"x", "y", "a+b", "a b", "a%2Bb", "é", "e\u0301"}
	for _, n := range []int{32, 33, 224, 225, 256} {
		ids = append(ids,
			strings.Repeat("p", n-1)+"x", strings.Repeat("p", n-1)+"y",
			"x"+strings.Repeat("q", n-1), "y"+strings.Repeat("q", n-1),
			strings.Repeat("m", n/2)+"x"+strings.Repeat("m", n-n/2-1))
	}
	return ids
}

// connUsers are the users of every third client: with the client's ID, keys
// of a few bytes to 512.
var connUsers = []string{"alice", strings.Repeat("u", 223), strings.Repeat("u", 255) + "v"}

// TestE2ECountsStayWithTheirKeyOnEveryConnection sends, over 8 raw TCP
// connections at once, many clients' token requests the ways HTTP/1.1 lets a
// client send them: one after another on a kept-alive connection, three
// pipelined, with a chunked body, and with Expect: 100-continue (the body
// sent once the 100 came); the client in the body or in HTTP Basic,
// form-escaped. The clients' IDs differ in a byte at the end, the start or
// the middle, or in an escape, and are up to 256 bytes long, where the cache
// holds a key out of line. Each key takes a number of tokens of its own;
// the limiter's counts (GET /admin/keys, and /admin/top for any other key)
// must be exactly those: a count that landed on another key, or a key that
// viewed a request buffer a later request overwrote, shows as a wrong count
// or a key no request named.
func TestE2ECountsStayWithTheirKeyOnEveryConnection(t *testing.T) {
	awayFromHourBoundary(t)
	ids := connClientIDs()
	var yaml strings.Builder
	yaml.WriteString("clients:\n")
	want := map[connKey]int{}
	type request struct {
		raw  []byte // the request without its body
		body []byte
		key  connKey
	}
	var reqs []request
	r := rand.New(rand.NewPCG(1, 2))
	add := func(k connKey, form url.Values, basic bool) {
		var h bytes.Buffer
		h.WriteString("POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n")
		if basic {
			cred := url.QueryEscape(form.Get("client_id")) + ":" + url.QueryEscape(form.Get("client_secret"))
			form.Del("client_id")
			form.Del("client_secret")
			fmt.Fprintf(&h, "Authorization: Basic %s\r\n", base64.StdEncoding.EncodeToString([]byte(cred)))
		}
		reqs = append(reqs, request{h.Bytes(), []byte(form.Encode()), k})
		want[k]++
	}
	for i, id := range ids {
		q, _ := json.Marshal(id) // a JSON string is a YAML double-quoted scalar
		fmt.Fprintf(&yaml, "  %s:\n    secret: s+3:cr%%t\n", q)
		for range 1 + i%5 {
			add(connKey{id, ""}, url.Values{"grant_type": {"client_credentials"}, "client_id": {id}, "client_secret": {"s+3:cr%t"}}, len(reqs)%2 == 0)
		}
		if i%3 != 0 {
			continue
		}
		yaml.WriteString("    users:\n")
		for j, u := range connUsers {
			fmt.Fprintf(&yaml, "      %s: pw\n", u)
			for range 1 + (i+j)%3 {
				add(connKey{id, u}, url.Values{"grant_type": {"password"}, "username": {u}, "password": {"pw"},
					"client_id": {id}, "client_secret": {"s+3:cr%t"}}, len(reqs)%2 == 1)
			}
		}
	}
	r.Shuffle(len(reqs), func(i, j int) { reqs[i], reqs[j] = reqs[j], reqs[i] })
	t.Logf("%d requests of %d clients on %d keys", len(reqs), len(ids), len(want))
	p := start(t, "--policy", writeFile(t, "policy.yaml", "mode: enforce\ndefaults:\n  client: [{limit: 1000, window: 1h}]\n  user: [{limit: 1000, window: 1h}]\n"),
		"--demo-clients", writeFile(t, "clients.yaml", yaml.String()))

	const conns = 8
	var wg sync.WaitGroup
	errs := make(chan error, conns)
	for c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := net.Dial("tcp", strings.TrimPrefix(p.URL, "http://"))
			if err != nil {
				errs <- err
				return
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(30 * time.Second))
			br := bufio.NewReader(conn)
			cr := rand.New(rand.NewPCG(uint64(c), 3)) // chunk sizes
			answer := func(what string) (int, error) {
				resp, err := http.ReadResponse(br, nil)
				if err != nil {
					return 0, fmt.Errorf("connection %d, %s: %w", c, what, err)
				}
				b, err := io.ReadAll(resp.Body)
				if err == nil && resp.StatusCode != http.StatusContinue && resp.StatusCode != http.StatusOK {
					err = fmt.Errorf("connection %d, %s: %s %s", c, what, resp.Status, b)
				}
				return resp.StatusCode, err
			}
			var mine []request
			for i := c; i < len(reqs); i += conns {
				mine = append(mine, reqs[i])
			}
			for i := 0; i < len(mine); i++ {
				q := mine[i]
				var err error
				switch i % 4 {
				case 0: // one after another on the kept-alive connection
					_, err = conn.Write(fmt.Appendf(q.raw, "Content-Length: %d\r\n\r\n%s", len(q.body), q.body))
					if err == nil {
						_, err = answer("kept alive")
					}
				case 1: // chunked, in chunks of up to 7 bytes
					b := append(q.raw, "Transfer-Encoding: chunked\r\n\r\n"...)
					for rest := q.body; len(rest) > 0; {
						n := min(len(rest), 1+cr.IntN(7))
						b = fmt.Appendf(b, "%x\r\n%s\r\n", n, rest[:n])
						rest = rest[n:]
					}
					if _, err = conn.Write(append(b, "0\r\n\r\n"...)); err == nil {
						_, err = answer("chunked")
					}
				case 2: // Expect: 100-continue, the body once the 100 came
					var code int
					_, err = conn.Write(fmt.Appendf(q.raw, "Content-Length: %d\r\nExpect: 100-continue\r\n\r\n", len(q.body)))
					if err == nil {
						if code, err = answer("expect"); err == nil && code != http.StatusContinue {
							err = fmt.Errorf("connection %d: %d before the body, want 100", c, code)
						}
					}
					if err == nil {
						if _, err = conn.Write(q.body); err == nil {
							_, err = answer("expect, body sent")
						}
					}
				case 3: // this one and the next two pipelined
					var b []byte
					n := min(3, len(mine)-i)
					for _, q := range mine[i : i+n] {
						b = fmt.Appendf(append(b, q.raw...), "Content-Length: %d\r\n\r\n%s", len(q.body), q.body)
					}
					if _, err = conn.Write(b); err == nil {
						for range n {
							if _, err = answer("pipelined"); err != nil {
								break
							}
						}
					}
					i += n - 1
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	esc := func(s string) string { // every byte but letters and digits
		var b strings.Builder
		for i := range len(s) {
			if c := s[i]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, "%%%02X", c)
			}
		}
		return b.String()
	}
	type tier struct {
		Scope          string
		Global, Local  struct{ Current int }
		Reserved, Used int
	}
	for k, n := range want {
		path := "/admin/keys/" + esc(k.client)
		scope := "client"
		if k.user != "" {
			path, scope = path+"/"+esc(k.user), "user"
		}
		rep := do(t, mustReq(http.MethodGet, p.AdminURL+path, ""))
		var got struct{ Tiers []tier }
		if err := json.Unmarshal(rep.body, &got); err != nil || rep.status != http.StatusOK {
			t.Errorf("GET %s: %d %s", path, rep.status, rep.body)
			continue
		}
		tiers := 0 // of the key's scope: with none, no count would be checked
		for _, tr := range got.Tiers {
			if tr.Scope != scope {
				continue
			}
			tiers++
			if tr.Global.Current+tr.Local.Current != n || tr.Reserved != 0 {
				t.Errorf("key %q: holds %d (global %d, local %d, reserved %d), want the %d tokens it was issued",
					k, tr.Global.Current+tr.Local.Current, tr.Global.Current, tr.Local.Current, tr.Reserved, n)
			}
		}
		if tiers == 0 {
			t.Errorf("GET %s: no tier of scope %q to check: %s", path, scope, rep.body)
		}
	}
	rep := do(t, mustReq(http.MethodGet, p.AdminURL+"/admin/top?n=1000", ""))
	var top struct{ Keys []struct{ Path string } }
	if err := json.Unmarshal(rep.body, &top); err != nil {
		t.Fatalf("GET /admin/top: %d %s", rep.status, rep.body)
	}
	for _, e := range top.Keys {
		var k connKey
		for i, seg := range strings.Split(strings.TrimPrefix(e.Path, "/admin/keys/"), "/") {
			s, err := url.PathUnescape(seg)
			if err != nil {
				t.Fatalf("/admin/top path %q: %v", e.Path, err)
			}
			if i == 0 {
				k.client = s
			} else {
				k.user = s
			}
		}
		if want[k] == 0 {
			t.Errorf("/admin/top lists %s, a key no request named", e.Path)
		}
	}
	if len(top.Keys) != len(want) {
		t.Errorf("/admin/top lists %d keys, want the %d requested", len(top.Keys), len(want))
	}
}
