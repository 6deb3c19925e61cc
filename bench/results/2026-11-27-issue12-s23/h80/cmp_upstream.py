# compares the upstream's own record of tokens issued (tokensrv log) with
# the 2xx answers in the transcript, per (client, user, grant); tokens the
# run got from the upstream directly (note "direct") are left out
import sys, json, gzip, collections
tr, up = sys.argv[1], sys.argv[2]
got = collections.Counter(); acao429 = collections.Counter()
for l in gzip.open(tr, 'rt'):
    r = json.loads(l)
    if 200 <= r['status'] < 300:
        g = {'cc': 'client_credentials', 'pw': 'password', 'rt': 'refresh_token', 'rtx': 'refresh_token'}.get(r['kind'], r['kind'])
        got[(r['client_id'], r.get('user', '') if g != 'client_credentials' else '', g)] += 1
    if r['status'] == 429:
        acao429['with ACAO' if (r.get('hdr') or {}).get('Access-Control-Allow-Origin') else 'without'] += 1
iss = collections.Counter(); other = collections.Counter()
for l in open(up):
    r = json.loads(l)
    if r['status'] == 200 and r.get('note') != 'direct':
        g = r['grant']
        iss[(r['client'], r.get('user', '') if g != 'client_credentials' else '', g)] += 1
    else:
        other[(r['status'], r.get('note', ''))] += 1
diff = {k: (iss[k], got[k]) for k in set(iss) | set(got) if iss[k] != got[k]}
print('upstream issued', sum(iss.values()), 'tokens; client got', sum(got.values()), '2xx; keys differing:', len(diff))
for k, v in list(diff.items())[:20]: print('  ', k, 'upstream', v[0], 'client', v[1])
print('upstream other answers:', dict(other))
print('429s:', dict(acao429))
