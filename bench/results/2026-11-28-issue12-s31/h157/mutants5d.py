import subprocess, sys, shutil
muts = {
 "queue-ignores-evicted": ("decide.go", "\tif e.is(evicted) {\n\t\ts.pushRec(e)", "\tif false {\n\t\ts.pushRec(e)"),
 "evict-leaves-on-dirty": ("evict.go", "\t\tif s.removeDirty(victim) {\n\t\t\ts.pushRec(victim)", "\t\tif false && s.removeDirty(victim) {\n\t\t\ts.pushRec(victim)"),
 "evict-pushes-without-remove": ("evict.go", "\t\tif s.removeDirty(victim) {\n\t\t\ts.pushRec(victim)", "\t\tif true {\n\t\t\ts.pushRec(victim)"),
 "take-skips-recs": ("sync.go", "batch = s.drainDirty(s.drainRecs(batch[:0]))", "batch = s.drainDirty(batch[:0])"),
 "take-recs-after-dirty": ("sync.go", "batch = s.drainDirty(s.drainRecs(batch[:0]))", "batch = s.drainRecs(s.drainDirty(batch[:0]))"),
 "appendlocal-skips-recs": ("sync.go", "dirty := s.appendDirty(s.appendRecs(nil))", "dirty := s.appendDirty(nil)"),
}
run = sys.argv[1]
for name, (f, old, new) in muts.items():
    src = open(f).read(); assert src.count(old) == 1, name
    open(f, "w").write(src.replace(old, new))
    try:
        r = subprocess.run(["go", "test", "-count=1", "-run", run, "."], capture_output=True, text=True)
        out = r.stdout + r.stderr
        print("=== mutant", name, f"({f}: {old.strip()!r} -> {new.strip()!r})")
        print("\n".join(l for l in out.splitlines() if l.strip().startswith(("---", "FAIL", "ok", "panic")) or ".go:" in l)[:3000])
    finally:
        open(f, "w").write(src)
