# alerts-fast.yaml: alerts.yaml with every `for:` divided by 10 and each alert named <name>Fast,
# group names suffixed -fast. Expressions, windows and thresholds unchanged.
import yaml, re, sys
src = yaml.safe_load(open(sys.argv[1]))
def dur(s):
    m = re.fullmatch(r'(\d+)([smh])', s); n = int(m.group(1)) * {'s':1,'m':60,'h':3600}[m.group(2)]
    return f"{max(1, n // 10)}s"
for g in src['groups']:
    g['name'] += '-fast'
    for r in g['rules']:
        r['alert'] += 'Fast'
        if 'for' in r: r['for'] = dur(r['for'])
yaml.safe_dump(src, open(sys.argv[2], 'w'), sort_keys=False, width=200)
