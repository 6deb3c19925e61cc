package main

// gen: the clients and users of the run, their secrets and passwords, with
// IDs built to collide: lengths 1 to 200 bytes, shared prefixes and suffixes,
// '+', ' ', '%', '&', '=', ';', ':', '/', UTF-8, same first or last bytes.

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
)

type Client struct {
	ID     string            `json:"id"`
	Secret string            `json:"secret"` // "" public
	Users  map[string]string `json:"users"`
	Dirty  bool              `json:"dirty"` // gets wrong secrets/passwords too
	Rules  string            `json:"rules"` // "default", "small", "trusted", "dryrun"
	Wild   bool              `json:"-"`     // invalid UTF-8: made at plan time, proxy mode only"
}

type World struct {
	Clients []*Client `json:"clients"`
}

func genWorld(seed uint64) *World {
	r := rand.New(rand.NewPCG(seed, 7))
	seen := map[string]bool{}
	var ids []string
	add := func(s string) {
		if s == "" || len(s) > maxIDLen || seen[s] || strings.ContainsAny(s, "\x00\r\n\"\\") {
			return
		}
		seen[s] = true
		ids = append(ids, s)
	}
	// prefix chains
	for _, s := range []string{"a", "ab", "abc", "abcd", "svc", "svc-1", "svc-10", "svc-100", "svc-1000", "b", "ba", "cba", "dcba"} {
		add(s)
	}
	// escapes and their look-alikes
	for _, s := range []string{"a+b", "a b", "a%2Bb", "a%20b", "a%b", "a&b", "a=b", "a;b", "a:b", "a/b", "a?b", "a#b", "+", " ", "%", "++", "+ +", "a+", "a ", " a", "+a",
		"x:y:z", "%41", "A", "%2541", "~", "_", ".", "-", "a.b", "a..b", "a/../b"} {
		add(s)
	}
	// UTF-8
	for _, s := range []string{"a\ufffd", "\ufffd", "\ufffd\ufffd", "é", "e\u0301", "日本", "日本語", "日本語-client", "client-日本語", "🙂", "🙂🙂", "Ä-client", "client-Ä", "ß", "ss", "zoë", "zoe\u0308", "Ω+Ω", "Ω Ω"} {
		add(s)
	}
	// exact lengths, same first bytes, same last bytes
	for _, n := range idLengths {
		for _, c := range "xyZ" {
			add(strings.Repeat("p", n-1) + string(c))                                // shared prefix, last byte differs
			add(string(c) + strings.Repeat("q", n-1))                                // shared suffix, first byte differs
			add(strings.Repeat("m", n/2) + string(c) + strings.Repeat("m", n-n/2-1)) // middle differs
		}
	}
	alpha := []string{"a", "b", "Z", "0", "9", "-", ".", "_", "~", "+", " ", "%", "&", "=", ";", ":", "/", "?", "#", "@", "!", "*", "'", "(", ")", ",", "é", "日", "🙂", "ü", "$", "[", "]"}
	for len(ids) < 330 {
		n := 1 + r.IntN(maxIDLen)
		var b strings.Builder
		for b.Len() < n {
			b.WriteString(alpha[r.IntN(len(alpha))])
		}
		s := b.String()
		for len(s) > maxIDLen {
			s = s[:len(s)-1]
		}
		if !isUTF8(s) {
			continue
		}
		add(s)
	}
	userPool := []string{"alice", "Alice", "alice ", "alice+", "alice@example.com", "alice%40example.com", "a", "aa", "bob", "bob+x", "bob x", "zoë", "zoe\u0308", "日本", "%41lice", "alice%", "u;v", "u&v", "u=v", "u:v", "u/v", strings.Repeat("u", 200), strings.Repeat("u", 199) + "v", "v" + strings.Repeat("u", 199), "🙂",
		strings.Repeat("w", 224), strings.Repeat("w", 225), strings.Repeat("w", 255) + "x", strings.Repeat("w", 256), "x" + strings.Repeat("w", 255)}
	var w World
	for i, id := range ids {
		c := &Client{ID: id, Rules: "default", Users: map[string]string{}}
		pub := i%10 == 3
		if !pub {
			c.Secret = "s" + strconv.Itoa(i)
			if i%4 == 1 {
				c.Secret += "+%:é /="
			}
		}
		nu := r.IntN(4)
		if pub && nu == 0 {
			nu = 1
		}
		for j := 0; j < nu; j++ {
			var u string
			switch r.IntN(3) {
			case 0:
				u = ids[r.IntN(len(ids))] // a user named as some client
			default:
				u = userPool[r.IntN(len(userPool))]
			}
			c.Users[u] = "pw" + strconv.Itoa(i) + "-" + strconv.Itoa(j) + "+ %"
		}
		if caseUsers && i%7 == 5 { // users that differ by case only
			for j, u := range [][]string{{"Alice", "alice", "ALICE"}, {"Zoë", "zoë", "ZOË"}, {"Ärger", "ärger"}, {"X日本", "x日本"}}[i%4] {
				c.Users[u] = "pwc" + strconv.Itoa(i) + "-" + strconv.Itoa(j)
			}
		}
		c.Dirty = i%5 == 2
		w.Clients = append(w.Clients, c)
	}
	// rules overrides on look-alikes: "a+b" small, "a b" default; "é" trusted,
	// "e\u0301" default; "日本" dry-run, "日本語" default.
	for _, c := range w.Clients {
		switch c.ID {
		case "a+b", "a%2Bb", "Ω+Ω", "pppppppx", "svc-10":
			c.Rules = "small"
		case "é", "+":
			c.Rules = "trusted"
		case "日本", "a;b":
			c.Rules = "dryrun"
		}
	}
	return &w
}

func isUTF8(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

func yq(s string) string { // YAML double-quoted
	b, _ := json.Marshal(s) // JSON strings are YAML double-quoted scalars
	return string(b)
}

func writeWorld(w *World, dir string) error {
	js, _ := json.MarshalIndent(w, "", " ")
	if err := os.WriteFile(dir+"/world.json", js, 0o644); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("clients:\n")
	for _, c := range w.Clients {
		fmt.Fprintf(&b, "  %s:\n", yq(c.ID))
		if c.Secret != "" {
			fmt.Fprintf(&b, "    secret: %s\n", yq(c.Secret))
		}
		if len(c.Users) > 0 {
			b.WriteString("    users:\n")
			us := make([]string, 0, len(c.Users))
			for u := range c.Users {
				us = append(us, u)
			}
			sort.Strings(us)
			for _, u := range us {
				fmt.Fprintf(&b, "      %s: %s\n", yq(u), yq(c.Users[u]))
			}
		}
	}
	if err := os.WriteFile(dir+"/clients.yaml", []byte(b.String()), 0o644); err != nil {
		return err
	}
	var p strings.Builder
	p.WriteString(policyHead)
	p.WriteString("clients:\n")
	for _, c := range w.Clients {
		switch c.Rules {
		case "small":
			fmt.Fprintf(&p, "  %s:\n    client: [{limit: %d, window: 24h}]\n    user: [{limit: %d, window: 24h}]\n    aggregate: [{limit: %d, window: 24h}]\n", yq(c.ID), smallClient, smallUser, smallAgg)
		case "trusted":
			fmt.Fprintf(&p, "  %s:\n    trusted: true\n", yq(c.ID))
		case "dryrun":
			fmt.Fprintf(&p, "  %s:\n    mode: dry-run\n", yq(c.ID))
		}
	}
	return os.WriteFile(dir+"/policy.yaml", []byte(p.String()), 0o644)
}

const (
	defClient, defUser, defAgg       = 30, 9, 40
	smallClient, smallUser, smallAgg = 5, 4, 12
	costCC, costPW, costRT           = 1, 2, 1
)

var policyHead = fmt.Sprintf(`mode: enforce
defaults:
  client: [{limit: %d, window: 24h}]
  user: [{limit: %d, window: 24h}]
  aggregate: [{limit: %d, window: 24h}]
  soft_limit: 0.8
costs:
  client_credentials: %d
  password: %d
  refresh_token: %d
`, defClient, defUser, defAgg, costCC, costPW, costRT)

// limits of a client: client tier, user tier, aggregate tier; 0 = none
// (trusted: never refused; dry-run: never refused).
func limitsOf(c *Client) (cl, us, ag int64) {
	if c.Rules == "small" {
		return smallClient, smallUser, smallAgg
	}
	return defClient, defUser, defAgg
}

var caseUsers bool

// maxIDLen: the longest client ID and user made (the limiter takes up to
// 256 bytes; the cache holds keys over 224 bytes out of line).
var maxIDLen = 200

var idLengths = []int{1, 2, 3, 5, 8, 13, 21, 34, 55, 64, 89, 127, 128, 144, 199, 200}
