import collections
def load(p):
    d = collections.Counter(); fl = fn = None
    for line in open(p):
        if line.startswith('fl='): fl = line[3:].strip()
        elif line.startswith('fn='): fn = line[3:].strip()
        elif line[:1].isdigit() and fn is not None:
            parts = line.split()
            if len(parts) >= 2: d[fl + ':' + fn] += int(parts[1])
    return d
