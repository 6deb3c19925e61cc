import subprocess, sys, json, os
R='/tmp/s21/h70/repo'
M=[
("B1","syncer/batch.go","b.n = max(1, min(b.n, n)/2)","b.n = max(1, b.n/2)","./syncer/"),
("B2","syncer/batch.go","\t\tb.failTook = took\n","","./syncer/"),
("B3","syncer/batch.go","if n < b.n || b.n >= b.max {","if b.n >= b.max {","./syncer/"),
("B4","syncer/batch.go","case took <= b.failTook/4:","case took <= b.failTook/8:","./syncer/"),
("B5","syncer/batch.go","b.n += max(1, b.n/8)","b.n += b.n/8","./syncer/"),
("B6","syncer/batch.go","\tb.n = min(b.n, b.max)\n","","./syncer/"),
("B7","syncer/batch.go","case took <= b.failTook/2:","case took <= b.failTook/2 && false:","./syncer/"),
("P1","syncer/pull.go","\t\t\t\ts.loads.adapt(hi-lo, took, false)\n","","./syncer/"),
("P2","syncer/pull.go","\t\ts.loads.adapt(hi-lo, took, true)\n","","./syncer/"),
("P3","syncer/pull.go","hi := min(lo+s.loads.size(), len(keys))","hi := min(lo+s.cfg.BatchSize, len(keys))","./syncer/"),
("P4","syncer/pull.go","took := s.cfg.Now().Sub(start)","took := time.Duration(0); _ = start","./syncer/"),
("T1","syncer/metrics.go",'batchSize("write", s.writes), batchSize("load", s.loads)','batchSize("write", s.writes), batchSize("load", s.writes)',"./syncer/"),
("D1","policy/decode.go","\tif line == n {\n\t\treturn string(data[start:]), true","\tif line == n+1 {\n\t\treturn string(data[start:]), true","./policy/"),
("D2","policy/decode.go",'case s[0] == \'\\n\' || s[0] == \'\\r\':','case s[0] == \'\\n\':',"./policy/"),
("D3","policy/decode.go",'return len("\\u0085")','return 1',"./policy/"),
("D4","policy/decode.go",'case ok && strings.Contains(leadingSpace(text), "\\t"):','case ok && strings.Contains(text, "\\t"):',"./policy/"),
("D5","policy/decode.go","\t\t\tn++\n\t\t\ti += b\n","\t\t\tn++\n\t\t\ti++\n","./policy/"),
("S1","syncer/memory.go","\t\td.epoch = w.Epoch\n\t\tif w.Expire.After(d.expire) {","\t\td.epoch = w.Epoch\n\t\tif true {","./syncer/"),
("S2","syncer/mongostore/store.go",'update := bson.D{{Key: "$set", Value: set}, {Key: "$max", Value: bson.D{{Key: "expire", Value: w.Expire}}}}','update := bson.D{{Key: "$set", Value: append(set, bson.E{Key: "expire", Value: w.Expire})}}',"./syncer/mongostore/"),

]
sel=sys.argv[1:] 
res=[]
for mid,f,a,b,pkg in M:
    if sel and mid not in sel: continue
    p=os.path.join(R,f); src=open(p).read()
    if src.count(a)!=1:
        print(mid,"PATTERN COUNT",src.count(a)); continue
    open(p,'w').write(src.replace(a,b))
    try:
        r=subprocess.run(['go','test','-count=1','-failfast']+(['-run','TestStore$'] if 'mongostore' in pkg else [])+[pkg],cwd=R,capture_output=True,text=True,timeout=300)
        out=r.stdout+r.stderr
        st='KILLED' if r.returncode!=0 else 'SURVIVED'
        fails=[l for l in out.splitlines() if l.startswith('--- FAIL') or 'build failed' in l or 'cannot' in l][:3]
    finally:
        open(p,'w').write(src)
    print(mid,st,fails,flush=True)
    res.append((mid,f,a,b,st,fails))
json.dump(res,open('/tmp/s21/h70/results/muts-%s.json'%('-'.join(sel) or 'all'),'w'),indent=1)
