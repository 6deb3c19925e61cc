#!/usr/bin/env python3
# agree.py DB: for each stop/kill event, seconds until all three admin listeners answer
# with one and the same live set of 3 instances (by the watcher's 1 s polls), and the
# longest run of seconds in which they disagree (a set differs, or one does not answer).
import sys, collections
db = sys.argv[1]
polls = collections.defaultdict(dict)
for l in open(f"{db}.watch"):
    p = l.split()
    if len(p) < 3: continue
    t, a = int(p[0]), p[1]
    if p[2] == '-':
        polls[t][a] = None
    else:
        polls[t][a] = (p[4] if len(p) > 4 else '', p[3])
def agreed(t):
    d = polls.get(t, {})
    if len(d) < 3 or any(v is None for v in d.values()): return False
    sets = {v[0] for v in d.values()}
    return len(sets) == 1 and all(v[1] == 'live=3' for v in d.values())
evs = []
starts = []
exits = {}
for l in open(f"{db}.events"):
    p = l.split()
    if p[2] in ('sigterm', 'sigkill'):
        evs.append((float(p[1]), p[2] + ' ' + p[3]))
    if p[2] == 'start':
        starts.append(float(p[1]))
    if p[2] == 'exited':
        exits[p[3]] = float(p[1])
ts = sorted(polls)
for i, (t0, what) in enumerate(evs):
    nxt = evs[i+1][0] if i+1 < len(evs) else ts[-1]
    first_bad = next((t for t in ts if t >= t0 and not agreed(t)), None)
    back = next((t for t in ts if t > t0 and first_bad and t > first_bad and agreed(t)), None)
    views = ''
    if back:
        # what each saw at the worst second between the event and agreement
        bad = [t for t in ts if t0 <= t < back and not agreed(t)]
        views = f"; {len(bad)} s disagreeing"
        if bad:
            d = polls[bad[len(bad)//2]]
            views += "; mid: " + " | ".join(f"{a[-5:]}:{'-' if v is None else v[1]}" for a, v in sorted(d.items()))
    st = next((x for x in starts if x > t0), None)
    ex = next((float(l.split()[1]) for l in open(f"{db}.events") if l.split()[2] == 'exited' and float(l.split()[1]) > t0), None)
    after = next((t for t in ts if st and t > st and agreed(t)), None)
    if ex and st and after and st < nxt:
        print(f"{what:18s} exit {ex - t0:.1f} s after the signal; restarted {st - t0:.1f} s after; all three agree (one live set of 3) {after - st:.1f} s after the start")
    print(f"{what:18s} at {t0:.1f}: agreed again {back - t0 if back else float('nan'):.1f} s after{views}")
