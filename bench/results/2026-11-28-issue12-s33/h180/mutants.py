import sys
p='/tmp/s33/h180/mut/cache/lookup.go'
s=open(p).read()
orig_line="		if id == want && t.holds(int(i), k) {\n			return int(i)\n		}\n		if id == 0 {\n			return -1\n		}\n		i++\n"
assert orig_line in s
m=sys.argv[1]
if m=='M1':   # the probe stops at its first slot (lookupFrom: the home slot)
    new=orig_line.replace("		i++\n","		return -1\n")
elif m=='M2': # a long key matched by its ident alone, its bytes in the arena not compared
    new=orig_line.replace("if id == want && t.holds(int(i), k) {","if id == want && (len(k.ClientID)+len(k.User) > hotKeyLen || t.holds(int(i), k)) {")
elif m=='M3': # a long key's client ID compared, not its user
    new=orig_line.replace("if id == want && t.holds(int(i), k) {","if id == want && (len(k.ClientID)+len(k.User) > hotKeyLen && sameBytes(t.keys.bytes(longLocAt(&t.hot[i]))[:len(k.ClientID)], k.ClientID) || len(k.ClientID)+len(k.User) <= hotKeyLen && t.holds(int(i), k)) {")
elif m=='M4': # a long key's user compared, not its client ID
    new=orig_line.replace("if id == want && t.holds(int(i), k) {","if id == want && (len(k.ClientID)+len(k.User) > hotKeyLen && sameBytes(t.keys.bytes(longLocAt(&t.hot[i]))[len(k.ClientID):], k.User) || len(k.ClientID)+len(k.User) <= hotKeyLen && t.holds(int(i), k)) {")
s=s.replace(orig_line,new)
open(p,'w').write(s)
