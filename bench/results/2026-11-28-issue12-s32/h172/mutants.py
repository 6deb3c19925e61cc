#!/usr/bin/env python3
# Each mutant: (name, file, old, new, test regexp, package). Applied to the worktree
# /tmp/s32/h172/mut (HEAD), its tests run, the file restored.
import subprocess, sys
W = '/tmp/s32/h172/mut'
M = [
 ('X3_gate_no_cut', 'cmd/oauth-ratelimit/admin.go',
  '\tdefer context.AfterFunc(g.calls, func() { cancel(context.Cause(g.calls)) })()\n', '',
  'TestAdminGate|TestStopFinalFlushFailedShownAndExitStatus', './cmd/oauth-ratelimit/'),
 ('X4_exit_type_assertion', 'cmd/oauth-ratelimit/main.go',
  '\tcase errors.As(err, &lost):', '\tcase func() bool { _ = lost; _, ok := err.(*syncer.FinalFlushError); return ok }():',
  'TestStopFinalFlushFailedShownAndExitStatus|TestE2EStoreUnreachable', './cmd/oauth-ratelimit/'),
 ('X5_final_flush_beats_serving_failure', 'cmd/oauth-ratelimit/main.go',
  '\tif failed == nil && runErr != nil {', '\tif runErr != nil {',
  'TestStop|TestShutdown|TestServe|TestRun', './cmd/oauth-ratelimit/'),
 ('X8_gate_cut_is_listener_cut', 'cmd/oauth-ratelimit/main.go',
  'func() { gate.cutCalls(errAdminCut) }, log)', 'func() { cutAdmin(errAdminCut) }, log)',
  'TestStop|TestAdmin|TestShutdown|TestReset|TestE2EAdmin', './cmd/oauth-ratelimit/'),
 ('X12_nothing_at_stake_returned', 'syncer/run.go',
  '\t\t\t\ts.cfg.Logger.Warn("final flush failed with no counts at stake", "err", err)\n\t\t\t\tbreak\n',
  '\t\t\t\treturn &FinalFlushError{Err: err}\n',
  'TestRunFinalFlush|TestFinalFlush', './syncer/'),
 ('X13_stuck_nothing_at_stake_returned', 'syncer/run.go',
  '\t\t\t\treturn nil // their counts reset, or out of every window\n',
  '\t\t\t\treturn &FinalFlushError{Stuck: stuckFlushes, Unsettled: unsettled}\n',
  'TestRunFinalFlush|TestFinalFlush', './syncer/'),
 ('X14_serving_failure_dropped', 'cmd/oauth-ratelimit/main.go',
  '\t\treturn fmt.Errorf("stop: %w", runErr)\n\t}\n\treturn failed\n', '\t\treturn fmt.Errorf("stop: %w", runErr)\n\t}\n\treturn nil\n',
  'TestStop|TestShutdown|TestServe|TestRun', './cmd/oauth-ratelimit/'),
 ('X15_limiter_wraps_with_v', 'limiter.go',
  'return fmt.Errorf("oauthratelimit: %w", err)\n\t}\n\treturn nil\n}', 'return fmt.Errorf("oauthratelimit: %v", err)\n\t}\n\treturn nil\n}',
  'TestRunReturnsWithinFinalFlushTimeout', '.'),
]
only = sys.argv[1:]
for name, f, old, new, run, pkg in M:
    if only and name not in only: continue
    p = W + '/' + f; src = open(p).read()
    assert src.count(old) == 1, name
    open(p, 'w').write(src.replace(old, new))
    try:
        r = subprocess.run(['go', 'test', '-count=1', '-timeout', '300s', '-run', run, pkg], cwd=W, capture_output=True, text=True)
        out = r.stdout + r.stderr
        open('/tmp/s32/h172/results/mutant_%s.txt' % name, 'w').write(out)
        fails = [l for l in out.splitlines() if l.strip().startswith('--- FAIL') or '.go:' in l or 'panic' in l or 'deadlock' in l]
        print('== %s: rc %d\n%s' % (name, r.returncode, '\n'.join(fails[:8])))
    finally:
        open(p, 'w').write(src)
