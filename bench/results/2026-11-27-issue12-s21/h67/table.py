import json
recs=[json.loads(l) for l in open('results/mutations_final.jsonl')]
first={}
for l in open('results/mutations.jsonl'):
    r=json.loads(l)
    if r['result']!='build-error': first[r['id']]=r
notes = {
 "W2": "killed by new TestTierValidate cases zero/negative size (b75484c)",
 "W3": "killed by TestTierValidate \"a day\" (b75484c)",
 "W7": "killed by TestTierMethodsAtNow's new elapsed column (b75484c)",
 "W8": "killed by TestTierMethodsAtNow elapsed past the end (b75484c)",
 "W9": "EQUIVALENT: estimate's only caller (Estimate) passes Elapsed, already clamped",
 "W19": "EQUIVALENT: retryAfter's only caller (RetryAfter) passes Elapsed, already clamped",
 "W20": "killed by TestRetryAfter \"negative curr counts as 0\" (b75484c)",
 "W26": "EQUIVALENT: at elapsed == size both branches return 0 (size-size)",
 "W29": "EQUIVALENT: fast path; n*whole/whole via Div64 is exact and hi < whole always (n < 2^64)",
 "W30": "killed by new TestSatAdd (b75484c); the mutant made Admits(cost 0) true over the limit",
 "W33": "killed by TestFrameStartUnix cases 1ns/0.5s before the turn (2998b85)",
 "T4": "killed by TestParseTokenRequest \"empty assertion is no method\" (5767d4e)",
 "T5": "killed by \"basic and client_secret\" (5767d4e)",
 "T7": "killed by \"opaque assertion with client_id\" (5767d4e)",
 "T8": "killed by \"assertion with an empty sub\" (5767d4e)",
 "T9": "killed by \"basic, other client_id\" (5767d4e)",
 "T12": "killed by \"client_id over the bound\" (5767d4e)",
 "T13": "killed by \"username at the bound\" (5767d4e)",
 "T14": "killed by \"username over the bound\" (5767d4e)",
 "T21": "killed by \"plus first is a space\" (5767d4e)",
 "T27": "killed by TestCheckEnvelope \"client_assertion_type in query\" (5767d4e)",
 "T28": "killed by \"escaped client_assertion_type in query\" (5767d4e)",
 "T32": "first run: only TestParseAllocs, which -race skips; now also TestPooledBuffersBetweenRequests (5767d4e)",
 "T35": "killed by \"basic at its bound\" (5767d4e)",
 "T36": "killed by TestPooledBuffersBetweenRequests (5767d4e)",
 "T40": "EQUIVALENT for the package: nothing reads scratch below its old length, handed-out strings view the old array",
 "T41": "killed by TestJWTSubject \"five segments, the second a payload\" (5767d4e)",
 "T43": "killed by TestJWTSubject payload at/over the bound (5767d4e)",
 "T44": "killed by TestPooledBuffersBetweenRequests (5767d4e)",
 "T45": "killed by TestIssuedSubjectPrefix \"a syntax error after the access token\" (5767d4e)",
 "T48": "killed by TestPooledBuffersBetweenRequests (5767d4e)",
 "T50": "killed by TestIssuedSubjectPrefix's empty refresh token (5767d4e)",
 "T54": "killed by TestJSONStringMember \\u0173ub (91a99a4)",
 "T55": "killed by TestIssuedSubject \"access token before id token\" (91a99a4)",
 "T56": "killed by TestRefreshTokens \"sub at the bound\" (91a99a4)",
 "P15": "killed by TestSpecValidate \"client ID of 256 bytes\" (c642801)",
 "P16": "killed by TestSpecValidate DEL / NEL cases (c642801)",
 "P40": "killed by TestParseErrors \"too many tiers, the fifth not even a tier\" (c642801)",
 "P55": "killed by a CR-only FuzzParse seed (c642801); see notes",
 "P56": "killed by new TestRuntimeOverrideValidate (c642801)",
 "P58": "killed by TestParseOverride cost 0 / too large (c642801)",
 "P64": "killed by TestWithOverrides Own(\"tuned\") (b173585)",
 "P65": "killed by TestWithOverrides Own(\"tuned\") (b173585)",
 "P66": "killed by TestWithOverrides Own(\"tuned\") (b173585)",
 "P67": "killed by TestYAMLInputs \"the largest file\" (b173585)",
}
def esc(s): return s.replace("|","\\|").replace("\n"," ")
print("| id | file:line | mutation | first run | now caught by | survivor → test / equivalence |")
print("|---|---|---|---|---|---|")
for r in recs:
    f=first[r['id']]
    fb = ("caught: "+f['by']) if f['result']=='caught' else "**survived**"
    nb = r['by'] if r['result']=='caught' else "survived"
    if 'panic' in r['by'] or 'goroutine' in r['by'] or 'sp=' in r['by']: nb = "crash (runtime fatal, stack trace)"
    if 'panic' in f['by'] or 'goroutine' in f['by'] or 'sp=' in f['by']: fb = "caught: crash (runtime fatal, stack trace)"
    nb = nb[:90]; fb=fb[:90]
    print(f"| {r['id']} | {r['file'].split('/',1)[-1] if r['file'].startswith('internal') else r['file']}:{r['line']} | {esc(r['note'])}: `{esc(r['old'])}` → `{esc(r['new'])}` | {esc(fb)} | {esc(nb)} | {notes.get(r['id'],'')} |")
print("| P69 | policy/decode.go:277 | entries: merged keys override written ones: `if _, ok := seen[e.key]; !ok {` → `if true {` | caught: test binary killed after 172 s (TestParseBounded's merges grow without the dedupe) | not re-run (memory) | |")
