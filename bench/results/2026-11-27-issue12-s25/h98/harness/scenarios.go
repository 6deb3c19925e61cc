package main

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"
)

func (t target) sendH2(c *h2conn, id uint32, hdrs [][2]string, body string) *h2resp {
	c.headers(id, t.h2hdrs(hdrs...), body == "")
	if body != "" {
		c.data(id, []byte(body), true)
	}
	return c.wait(id, 10*time.Second)
}

func auth(client string) [2]string { return [2]string{"authorization", basicOf(client, "s-"+client)} }

func clen(n int) [2]string { return [2]string{"content-length", strconv.Itoa(n)} }

func h1simple(t target, client, extra, body string) string {
	return h1do(t, h1head(client, extra, len(body)), []string{body}, 0, false, false)
}

func basicHdr(client string) string { return "Authorization: " + basicOf(client, "s-"+client) + "\r\n" }

func scenarios() []scenario {
	pad := func(n int) string { return "pad=" + strings.Repeat("x", n) + "&" }
	return []scenario{
		{name: "baseline (Basic, one DATA frame)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, false)
				return t.sendH2(c, id, [][2]string{ctForm, auth(cl), clen(len(b))}, b).String()
			},
			h1: func(t target, cl string) string { return h1simple(t, cl, basicHdr(cl), ccBody(cl, false)) }},
		{name: "body in 3 chunks, 400 ms apart, no content-length",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm), false)
				for i, p := range []string{b[:10], b[10:30], b[30:]} {
					if i > 0 {
						time.Sleep(400 * time.Millisecond)
					}
					c.data(id, []byte(p), i == 2)
				}
				return c.wait(id, 10*time.Second).String()
			},
			h1: func(t target, cl string) string {
				b := ccBody(cl, true)
				return h1do(t, h1head(cl, "Transfer-Encoding: chunked\r\n", -1), []string{chunk(b[:10]), chunk(b[10:30]), chunk(b[30:]) + "0\r\n\r\n"}, 400*time.Millisecond, false, false)
			}},
		{name: "Expect: 100-continue",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, false)
				c.headers(id, t.h2hdrs(ctForm, auth(cl), clen(len(b)), [2]string{"expect", "100-continue"}), false)
				st := c.waitStatus(id, 3*time.Second)
				c.data(id, []byte(b), true)
				return fmt.Sprintf("before the body: %v; then %s", st, c.wait(id, 10*time.Second))
			},
			h1: func(t target, cl string) string {
				b := ccBody(cl, false)
				return h1do(t, h1head(cl, basicHdr(cl)+"Expect: 100-continue\r\n", len(b)), []string{b}, 0, false, true)
			}},
		{name: "Expect: 100-continue, 429 for a key at its limit (c8 user tier... own key exhausted first)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, false)
				var out []string
				for i := range 31 { // limit 30
					sid := id + uint32(2*i)
					c.headers(sid, t.h2hdrs(ctForm, auth(cl), clen(len(b)), [2]string{"expect", "100-continue"}), false)
					st := c.waitStatus(sid, 3*time.Second)
					if len(st) > 0 && st[0] == 100 {
						c.data(sid, []byte(b), true)
					}
					r := c.wait(sid, 10*time.Second)
					if i >= 29 {
						out = append(out, fmt.Sprintf("#%d: first status %v, %s", i+1, st, r))
					}
				}
				return strings.Join(out, " || ")
			}},
		{name: "Expect: 100-continue, the body never sent (client resets after 1 s)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, false)
				c.headers(id, t.h2hdrs(ctForm, auth(cl), clen(len(b)), [2]string{"expect", "100-continue"}), false)
				st := c.waitStatus(id, 1*time.Second)
				c.rstStream(id)
				return fmt.Sprintf("statuses before the reset: %v", st)
			},
			h1: func(t target, cl string) string {
				b := ccBody(cl, false)
				return h1do(t, h1head(cl, basicHdr(cl)+"Expect: 100-continue\r\n", len(b)), nil, 0, true, true)
			}},
		{name: "body of 70,000 bytes, no content-length (limit 65,536)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := pad(70000) + ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm), false)
				c.data(id, []byte(b), true)
				return c.wait(id, 10*time.Second).String()
			},
			h1: func(t target, cl string) string {
				b := pad(70000) + ccBody(cl, true)
				return h1do(t, h1head(cl, "Transfer-Encoding: chunked\r\n", -1), []string{chunk(b) + "0\r\n\r\n"}, 0, false, false)
			}},
		{name: "body of 70,000 bytes, content-length and Expect: 100-continue",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := pad(70000) + ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm, clen(len(b)), [2]string{"expect", "100-continue"}), false)
				st := c.waitStatus(id, 2*time.Second)
				return fmt.Sprintf("first statuses: %v; %s", st, c.wait(id, 2*time.Second))
			},
			h1: func(t target, cl string) string {
				b := pad(70000) + ccBody(cl, true)
				return h1do(t, h1head(cl, "Expect: 100-continue\r\n", len(b)), []string{b}, 0, false, true)
			}},
		{name: "body of 70,000 bytes, a content-length that lies (says 100)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := pad(70000) + ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm, clen(100)), false)
				c.data(id, []byte(b), true)
				return c.wait(id, 10*time.Second).String()
			}},
		{name: "credentials after a 60,000-byte field (under the limit)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := pad(60000) + ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm), false)
				c.data(id, []byte(b[:20000]), false)
				time.Sleep(200 * time.Millisecond)
				c.data(id, []byte(b[20000:]), true)
				return c.wait(id, 10*time.Second).String()
			},
			h1: func(t target, cl string) string {
				b := pad(60000) + ccBody(cl, true)
				return h1do(t, h1head(cl, "", len(b)), []string{b[:20000], b[20000:]}, 200*time.Millisecond, false, false)
			}},
		{name: "Basic and client_secret in the form (two methods)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, true)
				return t.sendH2(c, id, [][2]string{ctForm, auth(cl)}, b).String()
			},
			h1: func(t target, cl string) string { return h1simple(t, cl, basicHdr(cl), ccBody(cl, true)) }},
		{name: "Basic and another client's client_id in the form",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, false) + "&client_id=c1"
				return t.sendH2(c, id, [][2]string{ctForm, auth(cl)}, b).String()
			},
			h1: func(t target, cl string) string {
				return h1simple(t, cl, basicHdr(cl), ccBody(cl, false)+"&client_id=c1")
			}},
		{name: "Basic and the same client_id in the form",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, false) + "&client_id=" + cl
				return t.sendH2(c, id, [][2]string{ctForm, auth(cl)}, b).String()
			},
			h1: func(t target, cl string) string {
				return h1simple(t, cl, basicHdr(cl), ccBody(cl, false)+"&client_id="+cl)
			}},
		{name: "percent-encoded Basic (client \"a b:c/%\", 5 a minute), 6 requests",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				a := [2]string{"authorization", basicOf(url.QueryEscape(specialClient), url.QueryEscape(specialSecret))}
				var out []string
				for i := range 6 {
					out = append(out, t.sendH2(c, id+uint32(2*i), [][2]string{ctForm, a}, ccBody(cl, false)).String())
				}
				return strings.Join(out, " || ")
			},
			h1: func(t target, cl string) string {
				a := "Authorization: " + basicOf(url.QueryEscape(specialClient), url.QueryEscape(specialSecret)) + "\r\n"
				var out []string
				for range 6 {
					out = append(out, h1simple(t, cl, a, ccBody(cl, false)))
				}
				return strings.Join(out, " || ")
			}},
		{name: "charset=UTF-8 in Content-Type",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				return t.sendH2(c, id, [][2]string{{"content-type", "application/x-www-form-urlencoded; charset=UTF-8"}, auth(cl)}, ccBody(cl, false)).String()
			},
			h1: func(t target, cl string) string {
				b := ccBody(cl, false)
				return h1do(t, "POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded;charset=ISO-8859-1\r\n"+basicHdr(cl)+"Content-Length: "+strconv.Itoa(len(b))+"\r\n\r\n", []string{b}, 0, false, false)
			}},
		{name: "JSON body",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := fmt.Sprintf(`{"grant_type":"client_credentials","client_id":%q,"client_secret":%q}`, cl, "s-"+cl)
				return t.sendH2(c, id, [][2]string{{"content-type", "application/json"}}, b).String()
			},
			h1: func(t target, cl string) string {
				b := fmt.Sprintf(`{"grant_type":"client_credentials","client_id":%q,"client_secret":%q}`, cl, "s-"+cl)
				return h1do(t, "POST /oauth2/token HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: "+strconv.Itoa(len(b))+"\r\n\r\n", []string{b}, 0, false, false)
			}},
		{name: "reset mid-body (h2 RST_STREAM; h1: close)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm, clen(len(b))), false)
				c.data(id, []byte(b[:30]), false)
				time.Sleep(300 * time.Millisecond)
				c.rstStream(id)
				r := c.wait(id, 500*time.Millisecond)
				return "after the reset: " + r.String()
			},
			h1: func(t target, cl string) string {
				b := ccBody(cl, true)
				return h1do(t, h1head(cl, "", len(b)), []string{b[:30]}, 0, true, false)
			}},
		{name: "reset while the endpoint works (X-Delay-Ms 1500, reset at 500 ms)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm, clen(len(b)), [2]string{"x-delay-ms", "1500"}), false)
				c.data(id, []byte(b), true)
				time.Sleep(500 * time.Millisecond)
				c.rstStream(id)
				time.Sleep(1500 * time.Millisecond)
				return "reset sent"
			},
			h1: func(t target, cl string) string {
				b := ccBody(cl, true)
				s := h1do(t, h1head(cl, "X-Delay-Ms: 1500\r\n", len(b)), []string{b}, 0, true, false)
				time.Sleep(2 * time.Second)
				return s
			}},
		{name: "connection closed after the headers",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := ccBody(cl, true)
				c.headers(id, t.h2hdrs(ctForm, clen(len(b))), false)
				time.Sleep(100 * time.Millisecond)
				c.c.Close()
				return "closed"
			},
			h1: func(t target, cl string) string {
				b := ccBody(cl, true)
				return h1do(t, h1head(cl, "", len(b)), nil, 0, true, false)
			}},
		{name: "40 streams on one connection, the even ones reset mid-body, bodies interleaved",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				b := pad(3000) + ccBody(cl, true)
				for i := range 40 {
					c.headers(id+uint32(2*i), t.h2hdrs(ctForm, clen(len(b))), false)
				}
				for i := range 40 {
					c.data(id+uint32(2*i), []byte(b[:1500]), false)
				}
				for i := range 40 {
					if i%2 == 0 {
						c.rstStream(id + uint32(2*i))
					} else {
						c.data(id+uint32(2*i), []byte(b[1500:]), true)
					}
				}
				counts := map[string]int{}
				for i := range 40 {
					if i%2 == 1 {
						r := c.wait(id+uint32(2*i), 10*time.Second)
						counts[fmt.Sprint(r.status)]++
					}
				}
				return fmt.Sprintf("odd streams' statuses: %v (want 20 x [200])", counts)
			}},
		{name: "20 pairs of clients interleaved on one connection (frames of A and B alternate)",
			h2: func(t target, c *h2conn, id uint32, cl string) string {
				n, _ := strconv.Atoi(cl[1:])
				other := fmt.Sprintf("c%d", n+500)
				ba := pad(2000) + ccBody(cl, true)
				bb := pad(1000) + ccBody(other, true)
				for i := range 20 {
					sa, sb := id+uint32(4*i), id+uint32(4*i+2)
					c.headers(sa, t.h2hdrs(ctForm), false)
					c.headers(sb, t.h2hdrs(ctForm), false)
					c.data(sa, []byte(ba[:700]), false)
					c.data(sb, []byte(bb[:900]), false)
					c.data(sb, []byte(bb[900:]), true)
					c.data(sa, []byte(ba[700:]), true)
				}
				ok := map[string]int{}
				for i := range 20 {
					ra, rb := c.wait(id+uint32(4*i), 10*time.Second), c.wait(id+uint32(4*i+2), 10*time.Second)
					ok["A "+fmt.Sprint(ra.status)+" "+ra.headers.Get("x-ratelimit-remaining")]++
					ok["B "+fmt.Sprint(rb.status)]++
				}
				kb := t.key(other, "")
				return fmt.Sprintf("%v; key %s: used %v reserved %v (want 20, 0)", ok, other, kb.Used, kb.Reserved)
			}},
	}
}
