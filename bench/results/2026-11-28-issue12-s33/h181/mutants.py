#!/usr/bin/env python3
"""Apply one mutant at a time to a worktree (argv[1]), run its tests, revert.
usage: mutants.py WORKTREE NAME..."""
import subprocess, sys
W = sys.argv[1]
M = {
 # the listener-wide cut (every admin request's context, probes and /metrics
 # and the connections opened later) at the admin calls' deadline (h172's X8)
 'X8_listener_cut_at_deadline': ('cmd/oauth-ratelimit/main.go',
   'func() { gate.cutCalls(errAdminCut) }, log)', 'func() { cutAdmin(errAdminCut) }, log)'),
 # the listener-wide cut at the stop's start, before the drains
 'XS1_listener_cut_at_start': ('cmd/oauth-ratelimit/main.go',
   '\tstopServers(context.WithoutCancel(ctx), srv, gate, o.shutdownTimeout,',
   '\tcutAdmin(errAdminCut)\n\tstopServers(context.WithoutCancel(ctx), srv, gate, o.shutdownTimeout,'),
 # the admin calls' cut at the stop's start
 'XS2_gate_cut_at_start': ('cmd/oauth-ratelimit/main.go',
   '\tstopServers(context.WithoutCancel(ctx), srv, gate, o.shutdownTimeout,',
   '\tgate.cutCalls(errAdminCut)\n\tstopServers(context.WithoutCancel(ctx), srv, gate, o.shutdownTimeout,'),
}
RUN = 'TestStop|TestAdmin|TestShutdown|TestReset|TestE2E|TestCloseAdmin|TestServe'
for name in sys.argv[2:]:
    f, old, new = M[name]
    path = W + '/' + f
    src = open(path).read()
    assert src.count(old) == 1, name
    open(path, 'w').write(src.replace(old, new))
    try:
        r = subprocess.run(['go', 'test', '-count=1', '-run', RUN, './cmd/oauth-ratelimit/'], cwd=W, capture_output=True, text=True)
        out = r.stdout + r.stderr
        open(f'/tmp/s33/h181/results/mutant_{name}.txt', 'w').write(f'$ go test -count=1 -run {RUN!r} ./cmd/oauth-ratelimit/  (mutant {name})\n' + out)
        print(name, 'rc', r.returncode, '|', '\n'.join(l for l in out.splitlines() if l.startswith(('---', 'ok', 'FAIL')) or 'want' in l)[:3000])
    finally:
        open(path, 'w').write(src)
