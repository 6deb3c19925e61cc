# Linear probing in one shard's table, random hashes: the share of keys in
# their home slot and the mean slots a hit reads, at the load proto-hot
# reaches at 1M keys (3906 keys in 5042 slots) and at its rebuild bounds.
import random
def sim(keys, slots, trials=20):
    home = reads = 0
    for _ in range(trials):
        t = [False]*slots
        for _ in range(keys):
            i = h = random.randrange(slots)
            d = 0
            while t[i]:
                i = (i+1) % slots; d += 1
            t[i] = True
            home += d == 0; reads += d+1
    n = keys*trials
    return home/n, reads/n
random.seed(128)
for keys, slots in [(3906, 5042), (3500, 5000), (4375, 5000)]:
    h, r = sim(keys, slots)
    print(f"load {keys/slots:.4f}: in home slot {h:.3f}, slots read a hit {r:.2f}")
