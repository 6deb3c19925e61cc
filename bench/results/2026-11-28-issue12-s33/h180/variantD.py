p='cache/lookup.go'
s=open(p).read()
def rep(old,new):
    global s
    assert old in s, old[:80]
    s=s.replace(old,new)
rep("""		h := sd.join(x, y, n, m)
		s := c.shardOf(h)
		// The key's home slot""","""		h := sd.join(x, y, n, m)
		s := c.shardOf(h)
		if n+m > hotKeyLen { // in the table's key arena
			e, t := s.lookupFrom(k, h)
			return s, e, t, h
		}
		// The key's home slot""")
rep("""		// The key's home slot, if it holds the key: its bytes are
		// inline, in the hot line, up to hotKeyLen (a longer key's are
		// in the table's key arena: probeFrom, from the home slot).
		// Else the slots after it, to""","""		// The key's home slot, if it holds the key: its bytes are
		// inline, in the hot line. Else the slots after it, to""")
rep("""		if l, t, i := s.pub.homeSlot(h); l != nil && n+m <= hotKeyLen {""","""		if l, t, i := s.pub.homeSlot(h); l != nil {""")
rep("""		} else if l != nil {
			if j := t.probeFrom(i, identOf(n+m, n, h), k); j >= 0 {
				return s, t.view(j), t, h
			}
		}
		return s, entry{}, nil, h
	}""","""		}
		return s, entry{}, nil, h
	}""")
rep("""	h := c.hash(k)
	s := c.shardOf(h)
	if l, t, i := s.pub.homeSlot(h); l != nil {
		want := identOf(n+m, n, h)
		id := l.ident().Load()
		if id == want && t.holds(int(i), k) {
			return s, entry{l, t.coldAt(int(i))}, t, h
		}
		if id != 0 {
			if j := t.probeFrom(i+1, want, k); j >= 0 {
				return s, t.view(j), t, h
			}
		}
	}
	return s, entry{}, nil, h
}""","""	h := c.hash(k)
	s := c.shardOf(h)
	e, t := s.lookupFrom(k, h)
	return s, e, t, h
}

// lookupFrom is lookup's look-up of a key k of hash h, in its shard s,
// whose bytes lookup and lookupWords do not compare themselves: a key in
// the table's key arena (more than hotKeyLen bytes), or one of hash's
// (parts past 48 bytes, tests' hashes). Its slot, from the home slot to
// the first empty one (probeFrom: holds' comparison), as probeShort
// probes; else the zero entry, and Reserve calls findOrInsert. Before
// it such a key's look-up tried the home slot alone (and a key of short
// parts past hotKeyLen not even that), and a hit past it, 0.4 of them at
// the load a million keys run at, took findOrInsert's probe.
func (s *shard) lookupFrom(k Key, h uint64) (entry, *slotTable) {
	if _, t, i := s.pub.homeSlot(h); t != nil {
		n := len(k.ClientID)
		if j := t.probeFrom(i, identOf(n+len(k.User), n, h), k); j >= 0 {
			return t.view(j), t
		}
	}
	return entry{}, nil
}""")
rep("""	h := sd.join(x, y, n, m)
	s := c.shardOf(h)
	l, t, i := s.pub.homeSlot(h)
	if l == nil {
		return s, entry{}, nil, h
	}
	want := identOf(n+m, n, h)
	id := l.ident().Load()
	if id == want {
		if n+m > hotKeyLen { // in the table's key arena
			if t.holds(int(i), k) {
				return s, entry{l, t.coldAt(int(i))}, t, h
			}
		} else {
			// As in lookup: the home slot's bytes, of the key's length
			// and split.
			p := unsafe.Pointer(&l.inline)
			var d uint64
			if n >= 8 {
				d = sameLong(p, cp, n)
			} else {
				d = sameSmall(p, cp, n)
			}
			if m >= 8 {
				d |= sameLong(unsafe.Add(p, n), up, m)
			} else if m != 0 {
				d |= sameSmall(unsafe.Add(p, n), up, m)
			}
			if d == 0 {
				return s, entry{l, t.coldAt(int(i))}, t, h
			}
		}
	}
	if id != 0 {""","""	h := sd.join(x, y, n, m)
	s := c.shardOf(h)
	if n+m > hotKeyLen { // in the table's key arena
		e, t := s.lookupFrom(k, h)
		return s, e, t, h
	}
	l, t, i := s.pub.homeSlot(h)
	if l == nil {
		return s, entry{}, nil, h
	}
	want := identOf(n+m, n, h)
	id := l.ident().Load()
	if id == want {
		// As in lookup: the home slot's bytes, of the key's length and
		// split.
		p := unsafe.Pointer(&l.inline)
		var d uint64
		if n >= 8 {
			d = sameLong(p, cp, n)
		} else {
			d = sameSmall(p, cp, n)
		}
		if m >= 8 {
			d |= sameLong(unsafe.Add(p, n), up, m)
		} else if m != 0 {
			d |= sameSmall(unsafe.Add(p, n), up, m)
		}
		if d == 0 {
			return s, entry{l, t.coldAt(int(i))}, t, h
		}
	}
	if id != 0 { // the slots after it""")
open(p,'w').write(s)
