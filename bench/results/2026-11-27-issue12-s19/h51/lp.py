import random
def sim(n_slots, n_keys, seed=1):
    random.seed(seed)
    t=[None]*n_slots; disp=[]
    for k in range(n_keys):
        h=random.randrange(n_slots); i=h; d=0
        while t[i] is not None:
            i=(i+1)%n_slots; d+=1
        t[i]=k; disp.append(d)
    n=len(disp)
    return sum(1 for d in disp if d==0)/n, sum(disp)/n+1, sorted(disp)[int(0.99*n)]
for load in (0.4,0.5,0.6,0.7,0.755,0.8):
    S=20000; r=sim(S,int(S*load))
    print(f"load {load}: at home {r[0]:.3f}, mean slots read {r[1]:.2f}, p99 displacement {r[2]}")
