import sys, difflib
def load(p, f):
    out=[]; on=False
    for l in open(p):
        if l.startswith('-- Auto-annotated source:'):
            on = f in l; continue
        if not on: continue
        parts=l.rstrip('\n').split(None,1)
        if len(parts)<2: continue
        try: n=int(parts[0].replace(',',''))
        except: continue
        out.append((n,parts[1].strip()))
    return out
a,b,f,N=sys.argv[1],sys.argv[2],sys.argv[3],float(sys.argv[4])
o=load(a,f); n=load(b,f)
so=[x[1] for x in o]; sn=[x[1] for x in n]
sm=difflib.SequenceMatcher(None,so,sn,autojunk=False)
for tag,i1,i2,j1,j2 in sm.get_opcodes():
    if tag=='equal':
        for x,y in zip(o[i1:i2],n[j1:j2]):
            if abs(x[0]-y[0])>N/2: print("%+8.1f  %s"%((y[0]-x[0])/N,x[1][:110]))
    else:
        for x in o[i1:i2]: print("OLD %8.1f %s"%(x[0]/N,x[1][:110]))
        for y in n[j1:j2]: print("NEW %8.1f %s"%(y[0]/N,y[1][:110]))
