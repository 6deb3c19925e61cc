import json
F='syncer/flush.go'; S='./syncer'
M=[
('F1',F,'s.batch = max(1, min(s.batch, n)/2)','s.batch = max(1, min(s.batch, n))',S,'adaptBatch: a timeout does not halve'),
('F2',F,'s.batch = max(1, min(s.batch, n)/2)','s.batch = max(1, s.batch/2)',S,'adaptBatch: halve s.batch, not min(batch,n)'),
('F3',F,'		s.batchFailTook = took\n','',S,'adaptBatch: failTook not remembered'),
('F4',F,'if n < s.batch || s.batch >= s.cfg.BatchSize {','if s.batch >= s.cfg.BatchSize {',S,'adaptBatch: grows after a partial batch'),
('F5',F,'		s.batch *= 2\n','',S,'adaptBatch: never doubles back'),
('F6',F,'case took <= s.batchFailTook/4:','case took <= s.batchFailTook/2:',S,'adaptBatch: doubles at half, not a quarter'),
('F7',F,'		s.batch += max(1, s.batch/8)\n','',S,'adaptBatch: no 1/8 growth'),
('F8',F,'	s.batch = min(s.batch, s.cfg.BatchSize)\n','',S,'adaptBatch: no cap at BatchSize'),
('F9',F,'			if isTimeout(err) {\n				s.adaptBatch(len(ws), took, false)','			if true {\n				s.adaptBatch(len(ws), took, false)',S,'write: any outright failure halves'),
('F10',F,'		s.adaptBatch(len(ws), took, true)\n','',S,'write: never grows back (no answered call)'),
('F11',F,'	if errors.Is(err, context.DeadlineExceeded) {\n		return true','	if false {\n		return true',S,'isTimeout: DeadlineExceeded not a timeout'),
('F12',F,'return errors.As(err, &t) && t.Timeout()','return errors.As(err, &t)',S,'isTimeout: any Timeout() method'),
('F13',F,'	if !s.needsSweep() {\n		e = e.Add(s.cfg.MaxSkew)','	if s.needsSweep() {\n		e = e.Add(s.cfg.MaxSkew)',S,'expiry: margin on the swept store'),
('F14',F,'		e = e.Add(s.cfg.MaxSkew)\n','',S,'expiry: no TTL margin'),
('F15','syncer/reset.go','expire := s.expiry(now, longest)','expire := now.Add(2*longest + 2*s.cfg.Interval)',S,'resetWrite: no TTL margin'),
('F16','syncer/prune.go','			clear(s.stale)\n','			continue\n',S,'learnStale: full map stops taking keys (old)'),
('F17',F,'		hi := min(lo+s.batch, len(jobs))','		hi := min(lo+s.cfg.BatchSize, len(jobs))',S,'write: batch not used'),
]
G='syncer/mongostore/store.go'; P='./syncer/mongostore'
M+=[
('G1',G,'		if u, err := url.PathUnescape(pw); err == nil {\n			secrets = append(secrets, u)','		if u, err := url.PathUnescape(pw); err == nil {\n			_ = u',P,'withoutCredentials: unescaped password not removed'),
('G2',G,'		secrets = append(secrets, info)\n','',P,'withoutCredentials: user info not removed'),
('G3',G,'	slices.SortFunc(secrets, func(a, b string) int { return len(b) - len(a) }) // the longest first\n','',P,'withoutCredentials: not longest first'),
('G4',G,'		secrets = append(secrets, pw)\n','',P,'withoutCredentials: escaped password not removed'),
('G5',G,'	if !strings.Contains(rest, "@") {','	if false {',P,'withoutCredentials: no-@ branch (h69)'),
('G6',G,'		if q := strconv.Quote(s); q[1:len(q)-1] != s {','		if q := strconv.Quote(s); false {',P,'withoutCredentials: quoted form (h69)'),
('G7',G,'		} else if bad, ok := err.(url.EscapeError); ok {','		} else if bad, ok := err.(url.EscapeError); false && ok {',P,'withoutCredentials: bad escape (h69)'),
('G8',G,'	if err := ctx.Err(); err != nil {\n		return nil, fmt.Errorf("mongostore: Config.URI: mongodb+srv host not looked up','	if err := ctx.Err(); false && err != nil {\n		return nil, fmt.Errorf("mongostore: Config.URI: mongodb+srv host not looked up',P,'clientOptions: no early ctx check'),
('G9',G,'	if !strings.HasPrefix(uri, "mongodb+srv://") { // the driver','	if true { // the driver',P,'clientOptions: SRV lookup unbounded'),
('G10',G,'		if dnsErr, ok := errors.AsType[*net.DNSError](err); ok {','		if dnsErr, ok := errors.AsType[*net.DNSError](err); false && ok {',P,'parseURI: DNS error not named'),
('G11',G,'return nil, fmt.Errorf("mongostore: Config.URI: not a valid MongoDB connection string: %s", withoutCredentials(err.Error(), uri))','return nil, fmt.Errorf("mongostore: Config.URI: not a valid MongoDB connection string: %s", err.Error())',P,'parseURI: no removal at all'),
]
W='middleware.go'; R='.'
M+=[
('W1',W,'	defer v.blk.done(r, r.Body) //','	defer v.blk.body.detach() //',R,'serveParsed: r.Body never restored'),
('W2',W,'func (b *requestBlock) done(r *http.Request, body io.ReadCloser) {\n	b.body.detach()\n	r.Body = body','func (b *requestBlock) done(r *http.Request, body io.ReadCloser) {\n	b.body.detach()\n	_ = body',R,'done: restore skipped'),
('W3',W,'expect || held && hasHeader(r.Header, "Accept-Encoding")','expect',R,'copy only for Expect'),
('W4',W,'		if k == "Expect" || held && k == "Accept-Encoding" {','		if k == "Expect" {',R,'withoutHeaders keeps Accept-Encoding'),
('W5',W,'		h[k] = vv[:len(vv):len(vv)]','		h[k] = vv',R,'withoutHeaders: values not clipped'),
('W6',W,'		r = withoutHeaders(r, held) // the rest pay the lookups only','		delete(r.Header, "Expect")\n		if held {\n			delete(r.Header, "Accept-Encoding")\n		}',R,'headers deleted in place (old)'),
('W7',W,'		if k == "Expect" || held && k == "Accept-Encoding" {','		if held && k == "Accept-Encoding" {',R,'withoutHeaders keeps Expect'),
('W8',W,' && (l.tokenSegment == "" || !strings.HasSuffix(p, l.tokenSegment))','',R,'nearTokenPath: no segment check'),
('W9',W,'(l.tokenSegment == "" || !strings.HasSuffix(p, l.tokenSegment))','(l.tokenSegment != "" && !strings.HasSuffix(p, l.tokenSegment))',R,'nearTokenPath: empty segment matches all'),
('L1','limiter.go','len(cfg.TokenPath)-i > 1','len(cfg.TokenPath)-i >= 1',R,'tokenSegment "/" for a path ending in /'),
('L2','limiter.go','	l.regs.undo()\n	return nil','	return nil',R,'Close does not unregister'),
('L3','limiter.go','		if l.run.Load() == stateClosed {\n			return nil\n		}\n		return ErrCloseRunning','		return ErrCloseRunning',R,'second Close errs'),
('L4','limiter.go','		if l.run.Load() == stateClosed {\n			return ErrClosed\n		}\n		return ErrRunning','		return ErrRunning',R,'Run after Close: ErrRunning'),
('L5','limiter.go','	defer l.run.Store(stateIdle) //','	defer l.run.Store(stateRunning) //',R,'Run leaves it running'),
('L6','limiter.go','	u.done = append(u.done, c)\n','',R,'undoRegisterer records nothing'),
('L7','limiter.go','	if !l.run.CompareAndSwap(stateIdle, stateClosed) {','	if l.run.Load() == stateRunning {\n		return ErrCloseRunning\n	}\n	l.run.Store(stateClosed)\n	if false {',R,'Close not atomic (load then store)'),
]
Y='policy/decode.go'; Q='./policy'
M+=[
('Y1',Y,'	case strings.HasPrefix(s, "\\r\\n"):\n		return 2\n','',Q,'lineBreak: CR LF counted as two'),
('Y2',Y,'	case strings.HasPrefix(s, "\\u0085"):\n		return len("\\u0085")\n','',Q,'lineBreak: no NEL'),
('Y3',Y,'	case strings.HasPrefix(s, "\\u2028"), strings.HasPrefix(s, "\\u2029"):','	case strings.HasPrefix(s, "\\u2028"):',Q,'lineBreak: no PS'),
('Y4',Y,'	case s[0] == \'\\n\' || s[0] == \'\\r\':','	case s[0] == \'\\n\':',Q,'lineBreak: no lone CR'),
('Y5',Y,'	d.lines = len(yamlLines(data))','	d.lines = bytes.Count(data, []byte("\\n")) + 1',Q,'d.lines by LF (old)'),
('Y6',Y,'	lines := yamlLines(data)','	lines := strings.Split(string(data), "\\n")',Q,'syntax: lines by LF (old)'),
]
C='cmd/oauth-ratelimit/main.go'; CP='./cmd/oauth-ratelimit'
M+=[
('C1',C,'ms, err := mongostore.New(ctx, mongostore.Config{','ms, err := mongostore.New(context.Background(), mongostore.Config{',CP,'startup: store not bounded by ctx'),
('C2',C,'		st.ln.Close()\n		return nil, fmt.Errorf("--admin-listen','		return nil, fmt.Errorf("--admin-listen',CP,'startup: ln leaked on admin-listen error'),
('C3',C,'	if st.aln, err = net.Listen("tcp", o.adminListen); err != nil {','	if st.aln, err = net.Listen("tcp", o.adminListen); false && err != nil {',CP,'startup: admin-listen error not a flag error'),
]
json.dump([dict(id=a,file=b,old=c,new=d,pkg=e,what=f) for a,b,c,d,e,f in M],open('/tmp/s21/h69/mut/muts.json','w'),indent=1)
print(len(M))
