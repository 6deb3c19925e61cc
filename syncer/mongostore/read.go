package mongostore

import (
	"math"
	"strconv"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/oauth-ratelimit/oauth-ratelimit/cache"
	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// maxStored is the largest count, version, reset epoch or lastWrites Seq a
// document may hold: 2^53, the largest integer a double holds exactly, so
// that a document dumped and restored through JSON (mongoexport, a script
// in mongosh, whose numbers are doubles) keeps it. The writes stay far
// below: versions and Seqs are Unix milliseconds (about 1.8e12), and a
// count is bounded by a limit of at most 1e12 across 127 writers.
const maxStored = 1 << 53

// What each field accepts, as the log line and the error say it.
const (
	wantCount    = "a whole number from 0 to 2^53 (int32, int64 or a double without a fraction; null reads as 0)"
	wantVersion  = "a whole number from 1 to 2^53 (int32, int64 or a double without a fraction)"
	wantDocument = "an embedded document"
	wantDate     = "a date, or null"
)

// readDoc reads raw, a stored document of the counters' collection, into
// d (its Key already set), as Load returns it: the version, the frames
// (those under names framePath writes: see frameName), the reset epoch,
// the expiry and the lastWrites entries. A field that holds what no write
// of this package puts there (a fraction, a string, a negative or absurd
// number, a frame's counts that are not a document) makes the document
// unreadable: d.Unreadable names the first such field, d.Snapshot is
// left empty, and d.LastWrites keeps the entries that could be read (an
// entry that proves a write landed is read whatever else the document
// holds: see decide). Decoded with the driver's int64 decoder, one such
// value failed the whole find, and every other key of its batch went
// unread.
//
// The numbers it takes are those the driver's decoder took and the
// compare-and-swap's filter compares as the same value (casFilter): int32,
// int64 and doubles without a fraction, and null as 0 (the filter's
// {$in: [0, null]}); not booleans, which the driver read as 0 or 1 and
// the filter does not.
func readDoc(raw bson.Raw, d *syncer.Doc) {
	var (
		snap   cache.Snapshot
		expire time.Time
		bad    *syncer.UnreadableError
	)
	badAt := func(field string, v bson.RawValue, want string) {
		if bad == nil {
			bad = &syncer.UnreadableError{Field: field, Held: held(v), Want: want}
		}
	}
	elems, err := raw.Elements()
	if err != nil {
		d.Unreadable = &syncer.UnreadableError{ID: rawID(raw), Field: "(document)", Held: err.Error(), Want: "a BSON document"}
		return
	}
	hasVersion, versionOK := false, false
	for _, e := range elems {
		v := e.Value()
		switch name := e.Key(); name {
		case "version":
			hasVersion = true
			n, ok := number(v, false)
			if versionOK = ok && n >= 1; !versionOK {
				badAt(name, v, wantVersion)
			}
			snap.Version = n
		case "resetEpoch":
			n, ok := number(v, true)
			if !ok {
				badAt(name, v, "absent, null or "+wantCount)
			}
			snap.Epoch = n
		case "expire":
			switch v.Type {
			case bson.TypeDateTime:
				expire = time.UnixMilli(v.DateTime())
			case bson.TypeNull:
			default:
				badAt(name, v, wantDate)
			}
		case "requestCounters":
			rc, ok := v.DocumentOK()
			if !ok {
				badAt(name, v, wantDocument)
				continue
			}
			snap.Frames = readFrames(rc, badAt)
		case "lastWrites":
			lw, ok := v.DocumentOK()
			if !ok {
				badAt(name, v, wantDocument)
				continue
			}
			d.LastWrites = readLastWrites(lw, badAt)
		}
	}
	if !hasVersion && bad == nil {
		bad = &syncer.UnreadableError{Field: "version", Held: "nothing (absent)", Want: wantVersion}
	}
	if bad != nil {
		bad.ID = rawID(raw)
		if versionOK {
			bad.Version = snap.Version
		}
		d.Unreadable = bad
		return
	}
	syncer.SortFrames(snap.Frames)
	d.Snapshot, d.Expire = snap, expire
}

// readFrames returns the frames of requestCounters rc, reporting a bad
// value to badAt. Names framePath does not write are skipped, values
// and all (see frameName).
func readFrames(rc bson.Raw, badAt func(string, bson.RawValue, string)) []cache.Frame {
	sizes, err := rc.Elements()
	if err != nil {
		badAt("requestCounters", bson.RawValue{Type: bson.TypeEmbeddedDocument, Value: rc}, wantDocument)
		return nil
	}
	var fs []cache.Frame
	for _, s := range sizes {
		sec, ok := frameName(s.Key())
		if !ok || sec <= 0 { // writtenMark "0" too
			continue
		}
		frames, ok := s.Value().DocumentOK()
		if !ok {
			badAt("requestCounters."+s.Key(), s.Value(), wantDocument)
			continue
		}
		starts, err := frames.Elements()
		if err != nil {
			badAt("requestCounters."+s.Key(), s.Value(), wantDocument)
			continue
		}
		for _, f := range starts {
			start, ok := frameName(f.Key())
			if !ok {
				continue
			}
			n, ok := number(f.Value(), true)
			if !ok {
				badAt("requestCounters."+s.Key()+"."+f.Key(), f.Value(), wantCount)
				continue
			}
			fs = append(fs, cache.Frame{Size: time.Duration(sec) * time.Second, StartUnix: start, N: n})
		}
	}
	return fs
}

// readLastWrites returns the entries of lastWrites lw, each one that
// holds a number, reporting a bad value to badAt.
func readLastWrites(lw bson.Raw, badAt func(string, bson.RawValue, string)) map[string]int64 {
	entries, err := lw.Elements()
	if err != nil {
		badAt("lastWrites", bson.RawValue{Type: bson.TypeEmbeddedDocument, Value: lw}, wantDocument)
		return nil
	}
	m := make(map[string]int64, len(entries))
	for _, e := range entries {
		seq, ok := number(e.Value(), true)
		if !ok {
			badAt("lastWrites."+e.Key(), e.Value(), wantCount)
			continue
		}
		m[e.Key()] = seq
	}
	return m
}

// frameName returns the number a size or start name of requestCounters
// stands for, if framePath writes it so: strconv.FormatInt of it. Other
// names ("060", "+60", "01795725000"), not written by this package, are
// skipped rather than failing the read: read as frames, such a name gave
// a second frame of a size and start whose path (framePath) names another
// field, which no write sets, drops or compares: a Strict write's base
// summed both, its filter (casFilter) compared the one field, and the
// store refused the write where Write.Matches of the document as read said
// it would apply (its read back then failed the Write: "the server
// executed none of 1 writes"; a write whose answer was lost was sent again
// as it was, flush after flush: TestStrictAgreesWithMatchesOnForeignNames).
func frameName(name string) (int64, bool) {
	n, err := strconv.ParseInt(name, 10, 64)
	return n, err == nil && strconv.FormatInt(n, 10) == name
}

// number returns v as a whole number from 0 to maxStored, and whether it
// is one: an int32, an int64 or a double without a fraction; null (as 0)
// only if nullOK.
func number(v bson.RawValue, nullOK bool) (int64, bool) {
	var n int64
	switch v.Type {
	case bson.TypeInt32:
		n = int64(v.Int32())
	case bson.TypeInt64:
		n = v.Int64()
	case bson.TypeDouble:
		f := v.Double()
		if f != math.Trunc(f) || f < 0 || f > maxStored { // NaN fails the first
			return 0, false
		}
		n = int64(f)
	case bson.TypeNull:
		return 0, nullOK
	default:
		return 0, false
	}
	return n, 0 <= n && n <= maxStored
}

// held returns v as MongoDB's extended JSON shows it, cut to 64 bytes.
func held(v bson.RawValue) string {
	s := v.String()
	if s == "" {
		s = v.Type.String()
	}
	if len(s) > 64 {
		s = s[:61] + "..."
	}
	return s
}

// rawID returns the _id of raw as a string: its value if it is one, else
// its extended JSON.
func rawID(raw bson.Raw) string {
	v, err := raw.LookupErr("_id")
	if err != nil {
		return "(no _id)"
	}
	if s, ok := v.StringValueOK(); ok {
		return s
	}
	return held(v)
}
