# cgcat.py A1 A2 B1 B2 DN: the per-request difference B - A (cachegrind files at two request counts each), by category of function.
import sys, collections, re
sys.argv += []
exec(open('/tmp/s34/h189/results/cgload.py').read())
a1, a2, b1, b2 = (load(p) for p in sys.argv[1:5]); dn = float(sys.argv[5])
cats = [
 ('decision (cache/, window/)', r':github.com/oauth-ratelimit/oauth-ratelimit/cache\.'),
 ('parsing the form and Basic (internal/tokenrequest, its inlined bytes/strings/base64)', r':github.com/oauth-ratelimit/oauth-ratelimit/internal/tokenrequest\.'),
 ('writing the header values (writeHeaders, its inlined strconv)', r'\(\*verdict\)\.writeHeaders'),
 ('strconv (AppendInt: r and t)', r'internal/strconv\.'),
 ('the middleware itself (middleware.go, writer.go, verdict.go, compile.go, metrics.go, clock.go: own and inlined code)', r':(main\.main\.)?\(?\*?\w*\)?\.?.*github.com/oauth-ratelimit/oauth-ratelimit\.|:main\.main\.\(\*Limiter\)'),
 ('map lookups (request header names; runtime maps, hashing)', r'maps\.|mapaccess|aeshash|strhash|memhash'),
 ('the one allocation (mallocgc, heap bits)', r'malloc|newobject|writeHeapBits|nextFreeFast|heapSetType'),
 ('sync.Pool (reqState)', r'sync\.\(\*Pool\)|runtime_procPin|runtime_procUnpin|sync\.runtime_proc'),
 ('byte searches and compares (bytealg: form, Basic, keys)', r'indexbyte|IndexByte|memeqbody|memequal|cmpbody|countbody'),
 ('timers, clock reads (the CoarseClock ticker, nanotime)', r'timers|nanotime|time\.now|timer\)|\(\*timer\)'),
 ('interfaces (type assertions, ifaceeq, itabs)', r'ifaceeq|itab|typeAssert|assertE2I|getitab'),
 ('net/http request body read', r'net/http\.\(\*body\)'),
 ('benchserver headersOnly (the headers variant only)', r'headersOnly'),
 ('net/http header writing', r'net/http|slices\.|byteReplacer|bufio|textproto|httpguts'),
]
tot = collections.Counter(); top = collections.defaultdict(list)
for k in set(a1)|set(a2)|set(b1)|set(b2):
    d = ((b2[k]-b1[k]) - (a2[k]-a1[k]))/dn
    for name, pat in cats:
        if re.search(pat, k): break
    else: name = 'other (runtime: scheduler, locks, memmove, ...)'
    tot[name] += d; top[name].append((d, k))
print("total %+.0f" % sum(tot.values()))
for name, v in sorted(tot.items(), key=lambda x: -x[1]):
    print("%+8.0f  %s" % (v, name))
    for d, k in sorted(top[name], reverse=True)[:6]:
        if abs(d) >= 5: print("           %+7.0f %s" % (d, k.split(':',1)[1][:110]))
