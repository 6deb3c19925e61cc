import json
all1={m['id']:m for m in json.load(open('/tmp/s21/h69/mut/muts.json'))}
M=[]
for i in ['F2','F4','F8','F9','F12','F15','G4','W5','C2']:
    m=dict(all1[i]); m['id']=i+'r'; M.append(m)
G='syncer/mongostore/store.go'; P='./syncer/mongostore'
M+=[
 dict(id='G3b',file=G,old='return len(b) - len(a) }) // the longest first',new='return 0 }) // the longest first',pkg=P,what='withoutCredentials: not longest first (sort no-op)'),
 dict(id='G12',file=G,old='err == nil && secretOptions[strings.ToLower(k)] {',new='err == nil && false && secretOptions[strings.ToLower(k)] {',pkg=P,what='option secrets not removed (h69)'),
 dict(id='G13',file=G,old='		for _, kv := range strings.FieldsFunc(query, func(r rune) bool { return r == \'&\' || r == \';\' }) {',new='		for _, kv := range strings.Split(query, "&") {',pkg=P,what="option split on & only, not ';' (h69)"),
 dict(id='G14',file=G,old='secretOptions[strings.ToLower(k)]',new='secretOptions[k]',pkg=P,what='option keys matched case-sensitively (h69)'),
 dict(id='Y7',file='policy/decode.go',old='	if len(data) > MaxFileSize {\n		return Spec{}, d, d.errf(0, "", "%d bytes; a policy file may have at most %d bytes (1 MiB)", len(data), MaxFileSize)\n	}\n',new='	d.lines = len(yamlLines(data))\n	if len(data) > MaxFileSize {\n		return Spec{}, d, d.errf(0, "", "%d bytes; a policy file may have at most %d bytes (1 MiB)", len(data), MaxFileSize)\n	}\n',pkg='./policy',what='lines counted before the size check (d96b1de as landed)'),
]
json.dump(M,open('/tmp/s21/h69/mut/muts2.json','w'),indent=1)
print(len(M))
