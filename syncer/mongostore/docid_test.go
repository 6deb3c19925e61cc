package mongostore_test

import (
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/mongostore"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer/storetest"
)

func TestDocumentID(t *testing.T) {
	cases := []struct {
		name string
		k    cache.Key
		want string
	}{
		{"Plain", cache.Key{ClientID: "client", User: "alice"}, "client|alice"},
		{"NoUser", cache.Key{ClientID: "client"}, "client|"},
		{"Empty", cache.Key{}, "|"},
		{"SeparatorInClient", cache.Key{ClientID: "a|b"}, `a\|b|`},
		{"SeparatorInUser", cache.Key{ClientID: "a", User: "b|"}, `a|b\|`},
		{"Backslash", cache.Key{ClientID: `a\`, User: `\b`}, `a\\|\\b`},
		{"Unicode", cache.Key{ClientID: "клиент", User: "usér😀"}, "клиент|usér😀"},
		{"Controls", cache.Key{ClientID: "a\x00b", User: "\t\x7f"}, `a\x00b|\x09\x7f`},
		{"InvalidUTF8", cache.Key{ClientID: "\xff", User: "é\xc3"}, `\xff|é\xc3`},
		{"EscapeLookalike", cache.Key{ClientID: `\x41`}, `\\x41|`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := mongostore.DocumentID(c.k)
			if got != c.want {
				t.Errorf("DocumentID(%q) = %q, want %q", c.k, got, c.want)
			}
			k, err := mongostore.ParseDocumentID(got)
			if err != nil || k != c.k {
				t.Errorf("ParseDocumentID(%q) = %q, %v; want %q", got, k, err, c.k)
			}
		})
	}
}

func TestParseDocumentIDRejects(t *testing.T) {
	for _, id := range []string{
		"",              // no separator
		"client",        // no separator
		"a|b|c",         // a second unescaped separator
		`a\`,            // dangling escape
		`a\q|b`,         // unknown escape
		`a\x4|b`,        // short hex
		`a\xZZ|b`,       // bad hex
		`a\x41|b`,       // \x for a byte that needs none
		`a\xC3|b`,       // uppercase hex
		"a\x00|b",       // a raw control byte
		"a\xff|b",       // raw invalid UTF-8
		`a|\x`,          // short hex at the end
		`a|b\`,          // dangling escape at the end
		`a\\\|b`,        // escapes fine, but no separator left
		"a|b\x7f",       // raw DEL
		"\xc3\xa9|\x80", // raw continuation byte
	} {
		if k, err := mongostore.ParseDocumentID(id); !errors.Is(err, mongostore.ErrDocumentID) {
			t.Errorf("ParseDocumentID(%q) = %q, %v; want an ErrDocumentID", id, k, err)
		}
	}
}

// FuzzDocumentID checks that the encoding is injective and valid UTF-8
// without NUL: two keys get the same ID only if they are equal, and every ID
// parses back to its key.
func FuzzDocumentID(f *testing.F) {
	for i, k := range storetest.AwkwardKeys {
		o := storetest.AwkwardKeys[(i+1)%len(storetest.AwkwardKeys)]
		f.Add(k.ClientID, k.User, o.ClientID, o.User)
	}
	f.Fuzz(func(t *testing.T, c1, u1, c2, u2 string) {
		k1, k2 := cache.Key{ClientID: c1, User: u1}, cache.Key{ClientID: c2, User: u2}
		id1, id2 := mongostore.DocumentID(k1), mongostore.DocumentID(k2)
		if (id1 == id2) != (k1 == k2) {
			t.Fatalf("keys %q and %q: IDs %q and %q", k1, k2, id1, id2)
		}
		if !utf8.ValidString(id1) {
			t.Fatalf("ID %q of %q is not valid UTF-8", id1, k1)
		}
		for i := 0; i < len(id1); i++ {
			if id1[i] == 0 {
				t.Fatalf("ID %q of %q holds NUL", id1, k1)
			}
		}
		if back, err := mongostore.ParseDocumentID(id1); err != nil || back != k1 {
			t.Fatalf("ParseDocumentID(%q) = %q, %v; want %q", id1, back, err, k1)
		}
	})
}

// FuzzParseDocumentID checks that every accepted ID is the canonical ID of
// the key it parses to, so that no key has two IDs.
func FuzzParseDocumentID(f *testing.F) {
	for _, s := range []string{"a|b", `a\|b|`, `\x00|`, `a\x41|`, "|", `\\|\\`, "é|\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		k, err := mongostore.ParseDocumentID(id)
		if err != nil {
			return
		}
		if got := mongostore.DocumentID(k); got != id {
			t.Fatalf("ParseDocumentID(%q) = %q, whose ID is %q", id, k, got)
		}
	})
}
