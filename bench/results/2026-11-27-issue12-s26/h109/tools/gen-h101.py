import sys, string
n = int(sys.argv[1]); limit = sys.argv[2] if len(sys.argv) > 2 else "100000"
alnum = string.digits + string.ascii_letters
firsts = [c for c in string.ascii_letters if c.lower() not in "notyf"]
ids = []
for f in firsts:
    for a in alnum:
        for b in alnum:
            ids.append(f + a + b)
            if len(ids) >= n: break
        if len(ids) >= n: break
    if len(ids) >= n: break
out = ["mode: enforce", "defaults:", "  client: [{limit: 600, window: 1m}]", "  user: [{limit: 60, window: 1m}]",
       "  aggregate: [{limit: 6000, window: 1h}]", "clients:",
       "  demo-service: &a {client: [{limit: %s, window: 1m}]}" % limit]
out += ["  %s: *a" % i for i in ids[:n - 1]]
sys.stdout.write("\n".join(out) + "\n")
