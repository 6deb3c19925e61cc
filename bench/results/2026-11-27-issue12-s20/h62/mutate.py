#!/usr/bin/env python3
# usage: mutate.py NAME  -> applies mutation NAME to the clone, runs its test, restores.
import subprocess, sys, os
R='/tmp/s20/h62/repo'
M={
 'M1-soft-used': ('verdict.go','t.softAt >= 0 && v.d.Used > t.softAt','t.softAt >= 0 && t.tier.Limit-rem > t.softAt','.','TestSoftLimitWithTheShare'),
 'M2-fast-used': ('cache/entry.go','d.Allowed, d.Counted, d.Tier, d.Remaining, d.Used = true, true, t, left, used+cost\n\t\t\t\tr := &d.Reservation\n\t\t\t\tr.e, r.cost = e, cost\n\t\t\t\tr.sizes[0], r.starts[0] = int32(ct.size)','d.Allowed, d.Counted, d.Tier, d.Remaining = true, true, t, left\n\t\t\t\tr := &d.Reservation\n\t\t\t\tr.e, r.cost = e, cost\n\t\t\t\tr.sizes[0], r.starts[0] = int32(ct.size)','./cache','TestFastPathsSameAsGeneralShared'),
 'M3-dropcutoff': ('syncer/prune.go','return start - 2*sizeSec','return start - sizeSec','./syncer','TestClockAheadKeepsTheFramesOthersCount|TestSkewedFleetKeepsEveryCountedFrame|TestLostAnswerOfACompareAndSwapByName|TestPrunedEntryOfALostAnswer'),
 'M3b-droppable-boundary': ('syncer/prune.go','return sz > 0 && f.StartUnix < dropCutoff(now, sz)','return sz > 0 && f.StartUnix <= dropCutoff(now, sz)','./syncer','TestClockAheadKeepsTheFramesOthersCount|TestSkewedFleetKeepsEveryCountedFrame|TestLostAnswerOfACompareAndSwapByName|TestPrunedEntryOfALostAnswer|TestAddedKeyKeepsNoOldFrames|TestDropsLearnedPastTheKeyBound'),
 'M4-setframes-replace': ('syncer/memory.go','d.frames = setFrames(d.frames, w)','d.frames = setFrames(nil, w)','./syncer','TestMemoryStore$|TestClockAheadKeepsTheFramesOthersCount|TestSkewedFleetKeepsEveryCountedFrame'),
 'M6-install-keep': ('cache/entry.go','\t\t\tif f.StartUnix < c.start-sz {\n\t\t\t\tcontinue\n\t\t\t}\n','','./cache','TestInstallLeavesOutFramesPastTheWindow'),
 'M6b-install-keep-nocounter': ('cache/entry.go','} else if sz > 0 && f.StartUnix < frameStart(now, sz)-sz {\n\t\t\tcontinue\n\t\t}','}','./cache','TestInstallLeavesOutFramesPastTheWindow'),
 'M6c-install-boundary': ('cache/entry.go','} else if sz > 0 && f.StartUnix < frameStart(now, sz)-sz {','} else if sz > 0 && f.StartUnix <= frameStart(now, sz)-sz {','./cache','TestInstallLeavesOutFramesPastTheWindow|TestInstall'),
 'M24-mongo-nodrop': ('syncer/mongostore/store.go','\tfor _, f := range w.Drop {\n\t\tunset = append(unset, bson.E{Key: framePath(f), Value: ""})','\tfor _, f := range w.Drop[:0] {\n\t\tunset = append(unset, bson.E{Key: framePath(f), Value: ""})','./syncer/mongostore','TestStore/(FramesByName|Add)'),
 'M7-joining': ('syncer/instances.go','return s.hb.running.Load() && (!s.hb.judged.Load() || s.hb.joining.Load())','return s.hb.running.Load() && !s.hb.judged.Load()','./syncer','TestAheadInstanceAloneDoesNotSweepAJoiningPeer|TestLeftHeartbeatSweptOnceJudged'),
 'M8-leave': ('syncer/instances.go','\tif s.tiersOfAnotherProcess(ctx) {','\tif false && s.tiersOfAnotherProcess(ctx) {','./syncer','TestHeartbeatKeptWhenAnOldProcessOfTheIDBeatLast'),
 'M9-copy': ('middleware.go','\tif r.PostForm != nil {\n\t\t// A handler before','\tif false && r.PostForm != nil {\n\t\t// A handler before','.','TestFormParsedBeforeMiddleware'),
 'M10-finalwarn': ('syncer/run.go','\t\t\tif len(local) == 0 {\n\t\t\t\t// Nothing at stake','\t\t\tif false {\n\t\t\t\t// Nothing at stake','./syncer','TestRunFinalFlushSaysOnlyCountsAtStake'),
 'M11-running': ('limiter.go','\tif !l.running.CompareAndSwap(false, true) {','\tif l.running.Store(true); false {','.','TestRunOnce'),
 'M12a-nolearn': ('syncer/prune.go','\tfor i := range docs {\n\t\ts.learnDrops(&docs[i], now)\n\t}\n','','./syncer',''),
 'M12b-learned-droppable': ('syncer/prune.go','\t\t\tif droppable(f, now) { // learned','\t\t\tif true { // learned','./syncer',''),
 'M13-ahead-drops': ('syncer/prune.go','\ts.staleMu.Unlock()\n\tif s.aheadOfPeers() {\n\t\treturn nil\n\t}','\ts.staleMu.Unlock()\n\tif false {\n\t\treturn nil\n\t}','./syncer','TestAheadInstanceDropsNothing'),
 'M14-learn-full-stop': ('syncer/prune.go','\t\tclear(s.drops)\n','\t\treturn\n','./syncer','TestDropsLearnedPastTheKeyBound'),
 'M15-takedrops-base': ('syncer/prune.go','for _, fs := range [][]cache.Frame{learned, base} {','for _, fs := range [][]cache.Frame{learned} {','./syncer',''),
 'M16-drop-cas-validate': ('syncer/store.go','\t\tif slices.ContainsFunc(w.Frames, same) {\n\t\t\treturn fmt.Errorf("drop %d: size %v start %d is also added"','\t\tif false && slices.ContainsFunc(w.Frames, same) {\n\t\t\treturn fmt.Errorf("drop %d: size %v start %d is also added"','./syncer',''),
 'M17-reset-drop': ('syncer/store.go','\tcase len(w.Drop) > 0:\n\t\treturn fmt.Errorf("drop: %d frames in a reset','\tcase false:\n\t\treturn fmt.Errorf("drop: %d frames in a reset','./syncer',''),
 'M18-loopback': ('admin/admin.go','\tif !s.tokenRequired() && !loopbackHost(r.Host) {','\tif false && !s.tokenRequired() && !loopbackHost(r.Host) {','./admin',''),
 'M19-memzero': ('syncer/memory.go','\t\t\tif s.docs == nil {\n\t\t\t\ts.docs = make(map[cache.Key]*memDoc)\n\t\t\t}\n','','./syncer','TestMemoryStoreZeroValue'),
 'M20-near': ('middleware.go','\t\tl.nearTokenPath(r.URL.Path)\n','','.','TestNearTokenPathWarns'),
 'M21-maxbytes': ('middleware.go','\t\t\t\tif mbe.Limit < limit {','\t\t\t\tif false {','.','TestBodyCappedBefore'),
 'M22-undo': ('limiter.go','\t\tundo.undo()\n','','.','TestFailedNewUnregisters'),
 'M23-learn-all-frames': ('syncer/prune.go','if len(fs) < MaxDrop && droppable(f, now) {','if len(fs) < MaxDrop {','./syncer',''),
}
name=sys.argv[1]
f,old,new,pkg,run=M[name]
p=os.path.join(R,f); s=open(p).read()
assert s.count(old)==1, (name, s.count(old))
open(p,'w').write(s.replace(old,new))
try:
    cmd=['go','test','-race','-count=1']+(['-run',run] if run else [])+[pkg]
    r=subprocess.run(cmd,cwd=R,capture_output=True,text=True,timeout=900)
    out=r.stdout+r.stderr
    fails=[l for l in out.splitlines() if l.startswith('--- FAIL') or l.strip().startswith('--- FAIL')]
    verdict='CAUGHT' if r.returncode!=0 else 'SURVIVED'
    print(f"{name}: {verdict} rc={r.returncode} run={run or 'ALL'} pkg={pkg}")
    for l in fails[:8]: print('   ',l.strip())
    if r.returncode!=0 and not fails: print(out[-1500:])
    open(f'/tmp/s20/h62/results/mut-{name}.txt','w').write(' '.join(cmd)+'\n'+out)
finally:
    open(p,'w').write(s)
