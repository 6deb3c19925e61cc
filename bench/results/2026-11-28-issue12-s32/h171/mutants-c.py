# Mutants of step C (cache/steps.go and its call sites): each runs the cache's TestSteps tests.
import subprocess, sys
R='/tmp/s32/h171/repo'
S='cache/steps.go'; F='cache/frames.go'
M=[
 ('C1','rollOutSteps keeps nothing', S, 'func (e *open) rollOutSteps(c *counter, ns, u int64) {\n', 'func (e *open) rollOutSteps(c *counter, ns, u int64) {\n\treturn\n'),
 ('C2','lowOf without the detector (u - 1)', S, '	return min(u-excess, low) - 1\n', '	return u - 1 + 0*min(excess, low)\n'),
 ('C3','rollOutSteps without the detector (u - 1)', S, '	ul := min(u-excess, low) - 1\n', '	ul := u - 1 + 0*min(excess, low)\n'),
 ('C4','lowOf without low (u - excess - 1)', S, '	return min(u-excess, low) - 1\n', '	return u - excess - 1 + 0*low\n'),
 ('C5','dropBehindSteps drops nothing', S, 'func(f orphanFrame) bool { return behind(f.Frame, ul) }', 'func(f orphanFrame) bool { return ul < 0 && behind(f.Frame, ul) }'),
 ('C6','no one-frame hold', S, '	if one && excess <= 0 {\n', '	if one {\n'),
 ('C7','a one-frame hold at excess 0 too', S, '	if one && excess <= 0 {\n', '	if false {\n'),
 ('C8','addLocal keeps no orphan of a request in flight across a jump', F, '	} else if n > 0 && c != nil && !e.is(evicted) {\n		o := e.overflow()\n		o.orphan = addFrame(o.orphan, Frame{Size: size, StartUnix: startUnix, N: n}, 0)\n', '	} else if n > 0 && c != nil && !e.is(evicted) {\n		o := e.overflow()\n'),
 ('C9','rollOut without its Steps branch (holdBehind)', F, '	case e.steps != nil:\n		e.rollOutSteps(c, ns, u) // steps.go\n', ''),
 ('C10','dropBehind without its Steps branch (HEAD rules)', F, '	if e.steps != nil && !e.is(evicted) {\n		e.dropBehindSteps(u) // steps.go\n		return\n	}\n', ''),
]
sel=sys.argv[1:]
for mid,name,f,old,new in M:
    if sel and mid not in sel: continue
    p=R+'/'+f; s=open(p).read(); assert s.count(old)==1,(mid,old)
    open(p,'w').write(s.replace(old,new))
    try:
        r=subprocess.run(['go','test','-count=1','-run','TestSteps','./cache'],cwd=R,capture_output=True,text=True,timeout=600)
        out=(r.stdout+r.stderr).strip().splitlines()
        print('=== %s %s -> %s'%(mid,name,'FAIL (caught)' if r.returncode else 'PASS (NOT caught)'))
        for l in [l for l in out if 'steps_test.go' in l][:6]: print('   ',l.strip()[:300])
    finally:
        open(p,'w').write(s)
