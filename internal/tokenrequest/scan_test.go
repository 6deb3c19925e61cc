package tokenrequest

import (
	"bytes"
	"testing"
)

// FuzzScanPlain checks that scanForm, which reads a body without '%' or ';'
// with scanPlain, reads every body as scanEscaped does: the same params,
// the same raw values and flags, the same problem.
func FuzzScanPlain(f *testing.F) {
	for _, s := range []string{
		"", "&", "&&=&", "=", "grant_type=client_credentials&scope=read", "grant_type=password&username=a+b&password=p",
		"client_id=a&client_id=b", "client_id", "client_id&client_id=", "client+id=a", "client_id=a=b+c",
		"username=u&refresh_token=r&client_assertion=x&client_assertion_type=y&client_secret=s",
		"client_assertion_type_x=1", "grant_type=a&GRANT_TYPE=b", "a=b;c", "a=%41&client_id=%2", "\x00=\xff&client_secret=",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var got, want Request
		gp := scanForm(body, &got)
		wp := scanEscaped(body, &want)
		if gp != wp || got != want {
			t.Fatalf("scanForm(%q) = %+v, %v; scanEscaped: %+v, %v (plain path: %v)", body, got, gp, want, wp,
				bytes.IndexByte(body, '%') < 0 && bytes.IndexByte(body, ';') < 0)
		}
	})
}
