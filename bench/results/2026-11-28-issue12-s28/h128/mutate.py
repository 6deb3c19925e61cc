# helper-128's mutants of bench/proto_hot.go: each applied alone to a clean
# copy, then `go test -count=1 -timeout 120s -run 'Proto' .` in bench/.
import subprocess, sys
F = '/tmp/s28/h128/mut/bench/proto_hot.go'
orig = open(F).read()
mutants = [
 ("commit's fast path counts in the current frame whatever the reservation's",
  "\t\tcase sl.start - uint32(p.size):\n\t\t\tj = 0\n", "\t\tcase sl.start - uint32(p.size):\n\t\t\tj = 1\n"),
 ("the fast path's inline roll keeps the current counts current",
  "\t\t\tsl.sum = [2]int32{sl.sum[1], 0}\n", "\t\t\tsl.sum = [2]int32{sl.sum[0], sl.sum[1]}\n"),
 ("store drops the local counts' bits above 16 (no carry)",
  "\tif carry != [2]int64{} {\n", "\tcarry = [2]int64{}\n\tif carry != [2]int64{} {\n"),
 ("the fast path does not check that the reservation fits 16 bits",
  "&& cost <= math.MaxUint16-r0 {", "{"),
 ("counts past int32 are truncated, not made wide",
  "\t\tfits = fits && st.sum[j] >= math.MinInt32 && st.sum[j] <= math.MaxInt32 && st.loc[j] >= 0\n", "\t\tfits = fits && st.loc[j] >= 0\n"),
 ("the fast path weighs the reservations in flight in full",
  "\t\t\t\tcounts.Curr += hotWeight(r, tier, sl.committed, sl.released) - r0\n", "\t\t\t\tcounts.Curr += r - r0\n"),
 ("locate trusts the ident (length, split, 16-bit tag) without the bytes",
  "\t\t\t\tif x == 0 {\n\t\t\t\t\treturn i, hotFound\n", "\t\t\t\tif x == 0 || true {\n\t\t\t\t\treturn i, hotFound\n"),
 ("a long key of one part is not copied",
  "\t\t\tc.more.longKey = string(append([]byte(nil), c.more.longKey...))\n", "\t\t\t_ = 0\n"),
 ("commit does not forward a moved slot",
  "\tif sl.ident.Load()&hotMoved != 0 {\n\t\tsl.mu.Unlock()\n\t\tt, i = p.forward(t, i)\n\t\tsl = &t.hot[i]\n\t}\n\tcost := r.cost", "\tcost := r.cost"),
 ("a rebuild keeps the old dirty list",
  "\ts.dirty = dirty\n\ts.tab.Store(nt)", "\t_ = dirty\n\ts.tab.Store(nt)"),
 ("release's fast path does not take the cost off",
  "\t\tsl.reserved -= uint16(r.cost)\n\t\treturn\n", "\t\treturn\n"),
]
out = open('/tmp/s28/h128/results/mutations.txt', 'w')
for name, a, b in mutants:
    n = orig.count(a)
    if n != 1:
        print(f"MUTANT NOT APPLIED ({n} matches): {name}"); out.write(f"## {name}\nNOT APPLIED ({n} matches)\n\n"); continue
    open(F, 'w').write(orig.replace(a, b))
    r = subprocess.run(['go', 'test', '-count=1', '-timeout', '120s', '-run', 'Proto', '.'], cwd='/tmp/s28/h128/mut/bench', capture_output=True, text=True)
    fails = [l.strip() for l in (r.stdout + r.stderr).splitlines() if l.strip().startswith('--- FAIL') or 'want' in l or 'panic' in l.lower() or 'cannot' in l]
    summary = f"## {name}\nexit {r.returncode}\n" + "\n".join(fails[:8]) + "\n\n"
    print(summary); out.write(summary); out.flush()
open(F, 'w').write(orig)
