import subprocess, sys
P='/tmp/s29/h136/mut/cache/narrow.go'
orig=open(P).read()
muts=[
("store drops the local counts' bits above 16 (no carry)", "carry[i][j] = c.local[j] &^ math.MaxUint16", "carry[i][j] = 0"),
("load ignores the carry", "c.local[j] += m.carry[i][j]", "c.local[j] += 0"),
("store drops the second counter's carry", "carry[i][j] = c.local[j] &^ math.MaxUint16", "carry[i][j] = c.local[j] &^ math.MaxUint16\n\t\t\tif i == 1 {\n\t\t\t\tcarry[i][j] = 0\n\t\t\t}"),
("load ignores the second counter's carry", "c.local[j] += m.carry[i][j]", "c.local[j] += m.carry[0][j]"),
("rollOne rolls a carried key inline (the carry stays in its frame)", "n.flags&(narrowWide|narrowCarried) != 0 || u < start", "n.flags&narrowWide != 0 || u < start"),
("commitFast does not check loc's width", "|| int64(nc.loc[js[i]])+cost > math.MaxUint16 {", "{"),
("commitFast does not check sum's width", "int64(nc.sum[js[i]])+cost > math.MaxInt32 ||", ""),
("reserveFast does not check the 16 bits in flight", "cost > math.MaxUint16-int64(n.reserved)", "false"),
("store truncates sums past int32 (no wide)", "c.sum[j] >= math.MinInt32 && c.sum[j] <= math.MaxInt32 &&", ""),
("store does not check the frame's range", "fits := c.start >= 0 && c.start <= math.MaxUint32", "fits := true"),
("store does not check the cost in flight", "fits := reserved >= 0 && reserved <= math.MaxUint16", "fits := true"),
("releaseFast takes a wide key's cost off the narrow field", "if n.flags&narrowWide != 0 || cost < 0 || cost > int64(n.reserved) {\n\t\treturn false\n\t}\n\tn.reserved -= uint16(cost)", "if cost < 0 || cost > int64(n.reserved) {\n\t\treturn false\n\t}\n\tn.reserved -= uint16(cost)"),
("rollOne rolls into a frame that starts past 32 bits", "|| u-start >= 2*size || start+size > math.MaxUint32 {", "|| u-start >= 2*size {"),
("a wide key's load reads the narrow fields", "if n.flags&narrowWide != 0 {\n\t\tfor i, c := range cs {", "if false {\n\t\tfor i, c := range cs {"),
]
for name,a,b in muts:
    assert orig.count(a)==1, name
    open(P,'w').write(orig.replace(a,b))
    r=subprocess.run(['go','test','-count=1','-run','TestNarrow','.'],cwd='/tmp/s29/h136/mut/cache',capture_output=True,text=True)
    out=r.stdout+r.stderr
    fails=[l.strip() for l in out.splitlines() if l.strip().startswith('--- FAIL')]
    first=[l.strip() for l in out.splitlines() if 'narrow_test.go' in l][:1]
    print(f"## {name}\n  rc={r.returncode} {' '.join(fails)}\n  {first[0] if first else out[-300:]}")
open(P,'w').write(orig)
