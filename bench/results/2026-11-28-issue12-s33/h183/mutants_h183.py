import subprocess, sys
src = open('/tmp/s33/h183/main.go.mine').read()
muts = {
 'W1_no_closewrite': ('func (c *drainConn) CloseWrite() error {', 'func (c *drainConn) closeWrite() error {'),
 'W3_decrement_any_leave': ('\tcase dc.active:\n', '\tdefault:\n'),
 'W5_end_without_shut': ('if d.serving.Add(-1) == 0 && d.shut.Load() {', 'if d.serving.Add(-1) == 0 {'),
 'W7_active_not_reset': ('\t\tdc.active = false\n', ''),
 'W4_begin_no_check': ('\tif d.serving.Load() == 0 {\n\t\td.once.Do', '\tif false {\n\t\td.once.Do'),
 'W9_hijack_kept': ('\tcase dc.active:\n', '\tcase st == http.StateHijacked:\n\tcase dc.active:\n'),
}
for name,(a,b) in muts.items():
    assert src.count(a)==1, name
    open('cmd/oauth-ratelimit/main.go','w').write(src.replace(a,b))
    r = subprocess.run(['go','test','-count=1','-run',sys.argv[1],'.'],capture_output=True,text=True,cwd='cmd/oauth-ratelimit')
    out = r.stdout+r.stderr
    fails = [l for l in out.splitlines() if l.strip().startswith('--- FAIL') or '_test.go:' in l]
    print('=====', name, 'rc', r.returncode)
    print('\n'.join(fails[:24]) if fails else out[-400:])
    sys.stdout.flush()
open('cmd/oauth-ratelimit/main.go','w').write(src)
