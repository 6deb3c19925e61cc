import subprocess, sys
src = open('/tmp/s33/h183/main.go.orig').read()
muts = {
 'D2_never_adds': ('\t\td.serving[c] = struct{}{}\n', ''),
 'D3_no_close_at_idle': ('\t\td.srv.Close() // the listener', '\t\t// d.srv.Close() // the listener'),
 'D4_begin_no_check': ('\td.shut = true\n\td.idleIfDone()\n', '\td.shut = true\n'),
 'D5_delete_only_on_idle': ('\tdelete(d.serving, c)\n\td.idleIfDone()\n', '\tif st == http.StateIdle {\n\t\tdelete(d.serving, c)\n\t\td.idleIfDone()\n\t}\n'),
 'D6_no_begin': ('\tsrv.RegisterOnShutdown(d.begin)\n', ''),
 'D9_idle_ignores_serving': ('if d.shut && len(d.serving) == 0 {', 'if d.shut {'),
 'D12_hijacked_kept': ('\tdelete(d.serving, c)\n\td.idleIfDone()\n', '\tif st == http.StateHijacked {\n\t\treturn\n\t}\n\tdelete(d.serving, c)\n\td.idleIfDone()\n'),
}
for name,(a,b) in muts.items():
    assert src.count(a)==1, name
    open('main.go','w').write(src.replace(a,b))
    r = subprocess.run(['go','test','-count=1','-run',sys.argv[1],'.'],capture_output=True,text=True)
    out = r.stdout+r.stderr
    fails = [l for l in out.splitlines() if l.strip().startswith('--- FAIL') or 'stop_test.go' in l or 'e2e' in l and '.go:' in l]
    print('=====', name, 'rc', r.returncode)
    print('\n'.join(fails[:30]) if fails else out[-600:])
    sys.stdout.flush()
open('main.go','w').write(src)
