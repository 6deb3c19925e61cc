# Mutants against step B's check (sim.checkSteps): SYNCER_SIM_JUMPS=1 (and =stack), 3 seeds.
import subprocess, sys, os
R='/tmp/s32/h171/repo'
CS='internal/clocksteps/clocksteps.go'
SIM='syncer/sim_test.go'
M=[
 ('B1','the simulation does not show the detector its readings', SIM, '	in.steps.Observe(wall, mono)\n', ''),
 ('B2','no confirmation (a step at the first reading off)', CS, '	switch {\n	case abs64(o-d.off)', '	d.cand, d.hasCand = o, true\n	switch {\n	case abs64(o-d.off)'),
 ('B3','At takes the least offset even above the reading', CS, 'ex := max(o-d.least.Load(), 0)', 'ex := o - d.least.Load()'),
 ('B4','offsets left not remembered', CS, '		d.leave(d.off, mono)\n', ''),
]
sel=sys.argv[1:]
for mid,name,f,old,new in M:
    if sel and mid not in sel: continue
    p=R+'/'+f; s=open(p).read(); assert s.count(old)==1,(mid,old)
    open(p,'w').write(s.replace(old,new))
    try:
        for jumps in ('1','stack'):
            env=dict(os.environ, SYNCER_SIM_JUMPS=jumps, SYNCER_SIM_SEEDS='3')
            r=subprocess.run(['go','test','-count=1','-run','TestSimulation/jumps','./syncer/'],cwd=R,env=env,capture_output=True,text=True,timeout=600)
            out=(r.stdout+r.stderr).strip().splitlines()
            print('=== %s %s, JUMPS=%s -> %s'%(mid,name,jumps,'FAIL (caught)' if r.returncode else 'PASS (NOT caught)'))
            for l in [l for l in out if 'step detector' in l][:2]+out[-2:]: print('   ',l[:400])
    finally:
        open(p,'w').write(s)
