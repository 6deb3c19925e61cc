import sys, subprocess, shutil
# usage: mutate.py file name old new
f, name, old, new = sys.argv[1:5]
src = open(f).read()
n = src.count(old)
if n != 1:
    print(f"{name}: pattern found {n} times"); sys.exit(2)
shutil.copy(f, f + ".orig")
open(f, "w").write(src.replace(old, new))
try:
    r = subprocess.run(["go", "test", "-count=1", "-timeout", "300s", "."] + sys.argv[5:], capture_output=True, text=True)
    out = r.stdout + r.stderr
    fails = [l for l in out.splitlines() if l.startswith("--- FAIL") or l.startswith("    --- FAIL")]
    print(f"{name}: {'KILLED' if r.returncode else 'SURVIVED'} {fails[:8]}")
    open(f"/tmp/s23/h82/mut/{name}.txt", "w").write(out)
finally:
    shutil.move(f + ".orig", f)
