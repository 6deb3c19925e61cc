# Mutants of step A: each edits one file, runs the named test, restores.
import subprocess, sys
R='/tmp/s32/h171/repo'
CS='internal/clocksteps/clocksteps.go'
M=[
 ('M1', 'no confirmation (a step at the first observation off)', CS,
  '	switch {\n	case abs64(o-d.off)', '	d.cand, d.hasCand = o, true\n	switch {\n	case abs64(o-d.off)', './internal/clocksteps', 'TestObserve'),
 ('M2', 'the tick does not observe', 'clock.go',
  '	c.steps.Observe(n, m)\n	if c.steps.Pending()', '	if c.steps.Pending()', '.', 'TestCoarseClockSeesSteps'),
 ('M3', 'no hold-back (a candidate stored for Now)', 'clock.go',
  'if c.steps.Pending() && !woke {', 'if false && c.steps.Pending() && !woke {', '.', 'TestCoarseClockHoldsBackACandidate'),
 ('M4', 'hold-back on waking too', 'clock.go',
  'if c.steps.Pending() && !woke {', 'if c.steps.Pending() {', '.', 'TestCoarseClockSteps'),
 ('M5', 'At takes the least offset even above the reading (no max with 0)', CS,
  'ex := max(o-d.least.Load(), 0)', 'ex := o - d.least.Load()', './internal/clocksteps', 'TestAt'),
 ('M6', 'no horizon (offsets left never forgotten)', CS,
  'd.left[0].end < mono-d.horizon', 'd.left[0].end < mono-d.horizon-1<<62', './internal/clocksteps', 'TestAt'),
 ('M7', 'offsets left not remembered', CS,
  '		d.leave(d.off, mono)\n', '', './internal/clocksteps', 'TestAt'),
 ('M8', 'a full list drops the least (its front)', CS,
  '		o = d.left[len(d.left)-1].off\n		d.left = d.left[:len(d.left)-1]', '		d.left = d.left[1:]', './internal/clocksteps', 'TestLeftBounded'),
 ('M9', 'Steps answers from the last tick while idle', 'clock.go',
  'if c.nanos.Load() != 0 {\n		return c.excess.Load()', 'if true {\n		return c.excess.Load()', '.', 'TestCoarseClockSteps'),
 ('M10', 'the tick stores Steps for the raw reading, not the one stored', 'clock.go',
  '	if c.steps.Pending() && !woke {\n		n = c.steps.Confirmed(m)\n	}\n	ex, low := c.steps.At(n, m)\n',
  '	ex, low := c.steps.At(n, m)\n	if c.steps.Pending() && !woke {\n		n = c.steps.Confirmed(m)\n	}\n', '.', 'TestCoarseClockSteps'),
]
sel = sys.argv[1:]
for mid,name,f,old,new,pkg,test in M:
    if sel and mid not in sel: continue
    p=R+'/'+f; s=open(p).read()
    assert s.count(old)==1,(mid,old)
    open(p,'w').write(s.replace(old,new))
    try:
        r=subprocess.run(['go','test','-count=1','-run','^'+test+'$',pkg],cwd=R,capture_output=True,text=True,timeout=300)
        out=(r.stdout+r.stderr).strip().splitlines()
        print('=== %s %s: %s %s -> %s'%(mid,name,pkg,test,'FAIL (caught)' if r.returncode else 'PASS (NOT caught)'))
        for l in out[:12]: print('   ',l)
    finally:
        open(p,'w').write(s)
