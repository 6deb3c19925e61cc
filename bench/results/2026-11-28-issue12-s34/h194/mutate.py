import sys
path, old, new = sys.argv[1], sys.argv[2], sys.argv[3]
s = open(path).read()
n = s.count(old)
if n != 1:
    sys.exit(f"{path}: {n} matches of {old!r}")
open(path, 'w').write(s.replace(old, new))
