import sys
def rep(p, old, new, count=1):
    s=open(p).read()
    assert s.count(old)==count, (p, old[:70], s.count(old))
    s=s.replace(old,new)
    open(p,'w').write(s)
