#!/usr/bin/env python3
# summary.py DB...: per run, tokens issued vs stored, and per limited key the worst fixed
# minute (log, by request start) and the worst sliding 60 s from the first event on.
import sys, re
for db in sys.argv[1:]:
    t = open(f"h108_{db}-check.txt").read()
    tot = re.search(r"^TOTAL issued (\d+) store (\d+) diff ([+-]\d+)", t, re.M)
    out = [f"{db:8s} issued {tot[1]} stored {tot[2]} ({tot[3]})"]
    for k in ["cD|", "cA|", "cB|", "app|u1"]:
        m = re.search(r"^minutes " + re.escape(k) + r" +limit +(\d+) worst issued +(\d+)", t, re.M)
        s = re.search(r"^sliding " + re.escape(k) + r" .*after +(\d+) \(([+-]\d+)", t, re.M)
        out.append(f"{k} min {m[2]}/{m[1]} slide {s[1]}")
    print(" | ".join(out))
