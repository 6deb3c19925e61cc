import sys
n=int(sys.argv[1])
out=["mode: enforce","defaults:","  client:","    - {limit: 1000, window: 1m}","  user:","    - {limit: 10, window: 1m}","    - {limit: 100, window: 1h}","clients:"]
for i in range(n):
    out.append("  client-%06d: {client: [{limit: %d, window: 1m}]}" % (i, 100 + i % 50))
open(sys.argv[2],"w").write("\n".join(out)+"\n")
