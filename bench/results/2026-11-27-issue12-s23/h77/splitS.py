import sys,re,collections
# split -S output into functions; normalize: drop file:line (positions), keep offsets and instructions
def funcs(path):
    out=collections.OrderedDict(); cur=None
    for line in open(path):
        m=re.match(r'^(\S+) STEXT',line)
        if m:
            cur=m.group(1); out[cur]=[]; continue
        if cur is None: continue
        if not line.startswith('\t'): 
            if re.match(r'^\S+ S(RODATA|DATA|BSS|NOPTR)',line): cur=None
            continue
        l=re.sub(r'\([^()]*\.go:\d+\)','(POS)',line)
        if 'rel ' in l: continue
        out[cur].append(l)
    return out
a=funcs(sys.argv[1]); b=funcs(sys.argv[2])
same=[k for k in a if k in b and a[k]==b[k]]
diff=[k for k in a if k in b and a[k]!=b[k]]
print("functions in old", len(a), "new", len(b), "identical", len(same))
print("only in new:", [k for k in b if k not in a])
print("only in old:", [k for k in a if k not in b])
print("differing:", diff)
for f in sys.argv[3:]:
    print(f, "identical" if f in a and f in b and a[f]==b[f] else "DIFFERS/MISSING", len(a.get(f,[])),"lines")
