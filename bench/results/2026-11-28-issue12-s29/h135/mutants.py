import subprocess, sys, shutil
R='/tmp/s29/h135/mut/repo/'
muts = {
 'M1-code-given-twice': ('cache/sizecode.go', """	if n == maxSizeCodes {
		return 0
	}""", """	if n == maxSizeCodes {
		return 1
	}"""),
 'M2-one-tier-low-nibbles': ('cache/decide.go', "if e.code&0x0f == code && uint64", "if e.code&0x0f == code&0x0f && uint64"),
 'M3-no-recode': ('cache/decide.go', "		c.recode(e) // the fast paths' view of the counters track changed\n", ""),
 'M4-two-tiers-first-nibble': ('cache/decide.go', "if len(tiers) == 2 && e.code == code && c.fastPathOK(e)", "if len(tiers) == 2 && e.code&0x0f == code&0x0f && e.n >= 2 && c.fastPathOK(e)"),
 'M5-foreign-codes-trusted': ('cache/decide.go', """	if ts.c != c { // not compiled for c: the sizes tell
		code = e.sizesCode(tiers)
	}""", ""),
 'M6-plain-second-size-unchecked': ('cache/sizecode.go', """ &&
		int64(e.at(1).size) == int64(tiers[1].Size/time.Second):""", ":"),
}
which = sys.argv[1:] or list(muts)
for name in which:
    f, a, b = muts[name]
    p = R + f
    orig = open(p).read()
    assert a in orig, name
    open(p, 'w').write(orig.replace(a, b, 1))
    try:
        out = subprocess.run(['go','test','-count=1','-run','TestSizeCodes|TestManySizesSameAsGeneral|TestFastPathTakesNoWrongCode|TestFastPathsSameAsGeneral$|TestReloadsKeepCountsAndOrder','./cache/'], cwd=R, capture_output=True, text=True)
        print('=====', name, 'exit', out.returncode)
        lines = (out.stdout + out.stderr).splitlines()
        print('\n'.join([l for l in lines if 'FAIL' in l or 'differ' in l or 'want' in l or 'fast ' in l or 'general ' in l or 'ok' in l][:14]))
    finally:
        open(p, 'w').write(orig)
