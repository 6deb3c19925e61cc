#!/usr/bin/env python3
# helper-130's mutants of proto-hot-1m1h: each applied alone to a clean copy
# in /tmp/s28/h130/mut/bench, then `go test -count=1 -timeout 180s -run Proto .`
import subprocess, sys
M = [
 ("proto_hot2.go", "fast path: the first tier always binds (room1 < room0 -> false)",
  "if room1 < room0 {\n\t\t\t\ttier, room", "if false {\n\t\t\t\ttier, room"),
 ("proto_hot2.go", "fast path: the second tier's limit is not checked",
  "room0 >= 0 && cost <= t0.Limit-used0 && room1 >= 0 && cost <= t1.Limit-used1 && room < math.MaxInt64",
  "room0 >= 0 && cost <= t0.Limit-used0 && room < math.MaxInt64"),
 ("proto_hot2.go", "fast path: the second counter's reserved is not checked against its tenth (smallReserved of t1)",
  "(r0 <= 1 || r0 <= t0.Limit/10) && (r0 <= 1 || r0 <= t1.Limit/10) &&", "(r0 <= 1 || r0 <= t0.Limit/10) &&"),
 ("proto_hot2.go", "fast path: the second counter's roll drops its current counts",
  "sc.sum = [2]int32{sc.sum[1], 0}", "sc.sum = [2]int32{0, 0}"),
 ("proto_hot2.go", "fast path: the reservation does not record the second counter's frame",
  "rs.start, rs.start2, rs.cost = t, uint32(i), sl.sizeCode, sl.start, sc.start, cost", "rs.start, rs.start2, rs.cost = t, uint32(i), sl.sizeCode, sl.start, 0, cost"),
 ("proto_hot2.go", "commit's fast path counts the second counter in its current frame whatever the reservation's",
  "\t\tcase sc.start - uint32(p.size1):\n\t\t\tk = 0", "\t\tcase sc.start - uint32(p.size1):\n\t\t\tk = 1"),
 ("proto_hot2.go", "commit's fast path does not count in the second counter",
  "\t\t\t\tsc.sum[k], sc.loc[k] = int32(s2), uint16(l2)\n", ""),
 ("proto_hot2.go", "commitSlow: the second counter's previous frame found with the first's size",
  "{&st2, int64(r.start2), p.size1}", "{&st2, int64(r.start2), p.size}"),
 ("proto_hot2.go", "decideSlow: the first tier that denies gives RetryAfter, not the longest",
  "if d.Allowed || ra > d.RetryAfter {", "if d.Allowed {"),
 ("proto_hot2.go", "decideSlow: an admitting tier binds if its room is no more (<=), not less",
  "if d.Allowed && room < d.Remaining {", "if d.Allowed && room <= d.Remaining {"),
 ("proto_hot2.go", "store2 drops the second counter's local bits above 16 (no carry2)",
  "carry2[j] = st2.loc[j] &^ math.MaxUint16", "carry2[j] = 0"),
 ("proto_hot2.go", "store2 does not make the key wide for the second counter's counts",
  "if !st.fitsHot() || !st2.fitsHot() {", "if !st.fitsHot() {"),
 ("proto_hot.go", "a rebuild does not copy the second counters",
  "\t\t\t\tnt.sec[j] = t.sec[i]\n", ""),
 ("proto_hot2.go", "release's slow path (wide key) drops the second counter's state",
  "\tst, st2 := t.load2(i)\n\tst.reserved -= r.cost\n\tt.store2(i, st, st2)\n}", "\tst, _ := t.load2(i)\n\tst.reserved -= r.cost\n\tt.store2(i, st, hotState{})\n}"),
 ("proto_hot2ptr.go", "the control's commit fast path does not count in the second counter",
  "\t\t\t\tsc.sum[k], sc.loc[k] = int32(s2), uint16(l2)\n", ""),
 ("proto_hot.go", "a rebuild does not copy the control's second-counter pointers",
  "\t\t\t\tnt.secp[j] = t.secp[i]\n", ""),
]
d = "/tmp/s28/h130/mut/bench"
sel = sys.argv[1:]
for n, (f, what, old, new) in enumerate(M, 1):
    if sel and str(n) not in sel: continue
    p = f"{d}/{f}"
    src = open(p).read()
    assert src.count(old) == 1, (what, src.count(old))
    open(p, "w").write(src.replace(old, new))
    try:
        r = subprocess.run(["go", "test", "-count=1", "-timeout", "180s", "-run", "Proto", "."], cwd=d, capture_output=True, text=True)
    finally:
        open(p, "w").write(src)
    out = r.stdout + r.stderr
    fails = [l.strip() for l in out.splitlines() if l.strip().startswith("--- FAIL")]
    first = [l.strip() for l in out.splitlines() if ".go:" in l and ("want" in l or "cache" in l or "held" in l)][:2]
    print(f"## mutant {n}: {what}\n   {'FAILS' if r.returncode else 'PASSES (not caught)'}: {' '.join(fails)}")
    for l in first: print("   ", l[:400])
    sys.stdout.flush()
