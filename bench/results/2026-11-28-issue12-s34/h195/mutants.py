import sys,subprocess,shutil
p='/tmp/s34/h195/mut/syncer/flush.go'
orig=open(p).read()
muts={
 'M1_no_createForm': ("case j.w.Add && d.Snapshot.Version == 0:","case false && j.w.Add && d.Snapshot.Version == 0:"),
 'M7_no_addForm': ("case isCreation(&j.w) && d.Snapshot.Version != 0:","case false && isCreation(&j.w) && d.Snapshot.Version != 0:"),
 'M2_no_swap': ("if j.alt != nil && !canLand(&j.w, d, s.writer) && canLand(j.alt, d, s.writer) {","if false {"),
 'M6_no_version_refresh': ("j.w.NewVersion = max(j.w.NewVersion, b.NewVersion)","_ = b.NewVersion"),
 'M5_no_expiry_refresh': ("if b.Expire.After(j.w.Expire) {","if false {"),
 'M9_version_refresh_no_max': ("j.w.NewVersion = max(j.w.NewVersion, b.NewVersion)","j.w.NewVersion = b.NewVersion"),
 'M10_createForm_keeps_Drop': ("w.Add, w.Drop = false, nil","w.Add = false"),
 'M11_unreadable_no_swap_of_two_forms': ("} else if u.alt != nil && !u.w.Add {","} else if false {"),
}
tests='TestLost|TestRebased|Unreadable|TestResend|TestAdd'
for name,(a,b) in muts.items():
    assert a in orig, name
    open(p,'w').write(orig.replace(a,b,1))
    r=subprocess.run(['go','test','-count=1','-run',tests,'./syncer/'],cwd='/tmp/s34/h195/mut',capture_output=True,text=True)
    out=r.stdout+r.stderr
    fails=[l for l in out.splitlines() if l.startswith('--- FAIL') or '.go:' in l][:8]
    print('==',name,'rc',r.returncode); print('\n'.join(fails) if fails else out[-300:]); sys.stdout.flush()
open(p,'w').write(orig)
