import re, subprocess, sys
def funcs(binary):
    out = subprocess.run(['go', 'tool', 'objdump', '-s', r'oauth-ratelimit/cache\.', binary], capture_output=True, text=True).stdout
    d = {}; cur = None; start = 0
    for l in out.split('\n'):
        if l.startswith('TEXT '):
            cur = l.split()[1]; d[cur] = []; start = None; continue
        if not cur or not l.strip(): continue
        f = l.split('\t')
        f = [x for x in f if x.strip()]
        addr = int(f[1], 16); asm = f[3].strip() if len(f) > 3 else ''
        if start is None: start = addr
        def rel(m):
            v = int(m.group(0), 16)
            return '+%d' % (v - start) if start <= v < start + 100000 else 'ADDR'
        asm = re.sub(r'0x[0-9a-f]{5,}', rel, asm)
        d[cur].append(asm)
    return d
a, b = funcs(sys.argv[1]), funcs(sys.argv[2])
diff = [k for k in a if k in b and a[k] != b[k]]
print('functions', len(a), len(b), 'only in one:', sorted(set(a) ^ set(b)), 'with different instructions:', len(diff))
for k in diff:
    print(' ', k)
    import difflib
    for x in list(difflib.unified_diff(a[k], b[k], lineterm='', n=0))[:12]: print('    ', x)
n = sum(len(v) for v in a.values()); print('instructions in package cache:', n, sum(len(v) for v in b.values()))
