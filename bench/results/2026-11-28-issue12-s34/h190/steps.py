from model import sizes_after, model
meas1={100000:148.9,250000:148.2,500000:138.9,600000:140.9,700000:122.9,800000:131.1,900000:127.9,1000000:130.3,1200000:135.9,1500000:135.1,2000000:127.0}
meas2={100000:171.5,250000:164.7,500000:159.9,600000:162.0,700000:141.2,800000:152.1,900000:149.8,1000000:151.2,1200000:156.9,1500000:157.4,2000000:146.9}
print("keys\tkeys/shard\tslots(mean shard)\tload\tlines B/key one,two\tmodel(256 shards, page-rounded) one,two\tmeasured one,two\tmeasured-model")
for n in sorted(meas1):
    c=n//256; s=sizes_after(c)
    a=model(n,32)[0]; b=model(n,48)[0]
    print(f"{n}\t{c}\t{s}\t{c/s:.3f}\t{96*s/c:.1f},{112*s/c:.1f}\t{a:.1f},{b:.1f}\t{meas1[n]},{meas2[n]}\t{meas1[n]-a:+.1f},{meas2[n]-b:+.1f}")
# the sequence of sizes a shard goes through
seq=[];size=8;used=0
for k in range(20000):
    if (used+1)*8>size*7:
        size=max(8,(used+1)*100//70); seq.append((used,size))
    used+=1
print("rebuilds (keys held when rebuilt -> new slots):", ", ".join(f"{u}->{s}" for u,s in seq if u>200))
