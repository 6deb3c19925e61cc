package oauthratelimit

import (
	"bufio"
	"errors"
	"io"
	"net"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
)

// responseWriter wraps the token endpoint's ResponseWriter to learn the
// status it answers (2xx commits the reservation, anything else releases
// it) and, for attribution after issuance, to hold a 2xx response until the
// endpoint has finished it.
//
// It implements http.Flusher, http.Hijacker and io.ReaderFrom by
// delegating to the wrapped writer (through http.ResponseController, which
// also follows Unwrap chains), and Unwrap for http.ResponseController. Flush
// and Hijack on a writer that supports neither do nothing and return
// http.ErrNotSupported respectively.
type responseWriter struct {
	http.ResponseWriter
	status   int  // first final status written; 0 if none yet
	hijacked bool // the connection was taken over: no status is known
	hold     bool // hold a 2xx answer for attribution
	held     bool // a 2xx status and body are being held
	maxHold  int
	buf      []byte   // the held body
	hdrDone  bool     // the rate-limit headers are written
	v        *verdict // whose headers a 2xx answer carries; nil: none
	lim      *Limiter // reads a held answer (readIssued); nil: none is held
	owner    *Limiter // whose pool the writer is from (see counting)
	rs       readState
	// tailUser is the user that the refresh token of a 2xx answer longer
	// than maxHold is bound to, when the bytes held did not reach it (Ory
	// Hydra writes its members sorted: a long id_token comes before the
	// refresh_token): buf then keeps the answer as it is streamed, up to
	// maxTail bytes, and settle reads the refresh token there
	// (learnTail). "": not looking. It views the request's buffers (the
	// body, or the scratch the sub was decoded into, which is only
	// appended to), as the user given to Learn does: settle reads it
	// before they are reused, and reset clears it.
	tailUser string
}

// maxTail bounds the bytes of a long answer kept to find its refresh
// token (see tailUser): four times the default MaxResponseBytes, ahead of
// any id_token seen (an outside run: Hydra's answer with a 70,000-byte
// claim in its id_token, about 95 KB).
const maxTail = 4 * DefaultMaxResponseBytes

// reset makes w wrap rw, holding a 2xx answer of up to maxHold bytes if
// hold, with no verdict: set v.
func (w *responseWriter) reset(rw http.ResponseWriter, hold bool, maxHold int) {
	w.ResponseWriter = rw
	w.status, w.hijacked, w.hold, w.held, w.maxHold, w.hdrDone = 0, false, hold, false, maxHold, false
	w.buf = w.buf[:0]
	w.v, w.lim, w.tailUser = nil, nil, ""
	// rs is set by the middleware before, cleared after
}

// finalStatus writes the rate-limit headers for a final answer of status
// code, before it is sent: on a 2xx answer only.
//
// The limiter decides before the token endpoint has authenticated anyone,
// and a non-2xx answer (401 invalid_client above all) is what anyone who
// knows a client ID gets by sending it with a wrong secret. Headers on it
// would tell that stranger the client's quota (q), how much of it is left
// (r) and when it resets, as often as they care to ask, without spending
// any of it. So a released request carries none. A 2xx answer went to a
// caller the endpoint accepted: the quota it shows is its own. The
// middleware's own refusals (429, slow_down) keep theirs (see deny).
func (w *responseWriter) finalStatus(code int) {
	if w.hdrDone || w.v == nil {
		return
	}
	w.hdrDone = true
	if code < 200 || code > 299 {
		return
	}
	w.v.writeHeaders(w.ResponseWriter.Header(), hdrAdmitted)
}

// Unwrap returns the wrapped ResponseWriter, for http.ResponseController.
func (w *responseWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// WriteHeader records the first final status. 1xx informational answers
// (such as 103 Early Hints) are passed on and are not final.
func (w *responseWriter) WriteHeader(code int) {
	if w.status != 0 {
		// Superfluous. Passed on, net/http's log would name this line as
		// the caller (an outside audit); said here, it names the
		// handler's, at most once per DryRunLogInterval for each line: a
		// handler that does it on every request must not log every
		// request.
		w.owner.superfluousWriteHeader(w.status, code) // the pool sets owner
		return
	}
	if code < 200 {
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.status = code
	if w.hold && code < 300 {
		w.held = true
		return
	}
	w.finalStatus(code)
	w.ResponseWriter.WriteHeader(code)
}

func (w *responseWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.held {
		if len(w.buf)+len(b) <= w.maxHold {
			w.buf = append(w.buf, b...)
			return len(b), nil
		}
		// Longer than MaxResponseBytes (an id_token with large claims):
		// read what is held for the user and the refresh token, then send
		// it with the headers and stream the rest. A token it does not
		// name is counted as no_subject, not passed silently; a refresh
		// token past the bytes held (a long id_token ahead of it) is
		// looked for in the rest as it streams (tailUser).
		w.readHeld(append(w.buf, b[:min(len(b), w.maxHold-len(w.buf))]...), false)
		if err := w.unhold(); err != nil {
			return 0, err
		}
	}
	if w.tailUser != "" {
		w.buf = append(w.buf, b[:min(len(b), max(0, maxTail-len(w.buf)))]...)
	}
	return w.ResponseWriter.Write(b)
}

// readHeld reads a held answer (its first bytes if !complete) once: lim
// is cleared before the read, so that a read that panics (inside the
// endpoint's Write) is not made again by settleAborted, which would count
// the user twice or panic again.
func (w *responseWriter) readHeld(body []byte, complete bool) {
	if lim := w.lim; lim != nil {
		w.lim = nil
		lim.readIssued(w, body, complete)
	}
}

// unhold writes the held status and body and stops holding.
func (w *responseWriter) unhold() error {
	w.held, w.hold = false, false
	w.finalStatus(w.status)
	w.ResponseWriter.WriteHeader(w.status)
	if len(w.buf) == 0 {
		return nil
	}
	_, err := w.ResponseWriter.Write(w.buf)
	if w.tailUser == "" {
		w.buf = w.buf[:0]
	}
	return err
}

// Flush sends buffered data to the client, unless the answer is held: it
// is sent whole when the endpoint has finished it.
func (w *responseWriter) Flush() {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.held {
		return
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush() // http.Flusher has no error to return
}

// Hijack takes over the connection if the wrapped writer supports it. A
// hijacked request's reservation is released: no status tells that a token
// was issued.
func (w *responseWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, rw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err == nil {
		w.hijacked = true
	}
	return c, rw, err
}

// ReadFrom copies src to the response, through the wrapped writer's
// ReadFrom (sendfile) when it has one and the answer is neither held nor
// kept to find its refresh token (tailUser).
func (w *responseWriter) ReadFrom(src io.Reader) (int64, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if rf, ok := w.ResponseWriter.(io.ReaderFrom); ok && !w.held && w.tailUser == "" {
		return rf.ReadFrom(src)
	}
	return io.Copy(writerOnly{w}, src)
}

// writerOnly hides ReadFrom, so that io.Copy does not call it back.
type writerOnly struct{ io.Writer }

// bodyReader is the request body handed to the token endpoint: the bytes
// the middleware read, from the start. It is also an io.Seeker, so the
// endpoint can read it again.
//
// The bytes live in a pooled buffer, reused once the middleware is done
// with the request. A Read may come later than that from a goroutine the
// endpoint started: http.Transport's write loop, behind a ReverseProxy,
// may still read the outgoing body after RoundTrip returned. So the
// middleware detaches the reader from the buffer before reusing it, and mu
// makes a Read either finish before the detach or see it; the reader itself
// is not reused. After Close or the detach, Read fails as a closed server
// request body does.
type bodyReader struct {
	mu     sync.Mutex
	b      []byte
	i      int
	closed bool
}

func (r *bodyReader) reset(b []byte) {
	r.mu.Lock()
	r.b, r.i, r.closed = b, 0, false
	r.mu.Unlock()
}

// detach forgets the buffer: later Reads fail.
func (r *bodyReader) detach() {
	r.mu.Lock()
	r.b, r.i, r.closed = nil, 0, true
	r.mu.Unlock()
}

func (r *bodyReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return 0, http.ErrBodyReadAfterClose
	}
	if r.i >= len(r.b) {
		return 0, io.EOF
	}
	n := copy(p, r.b[r.i:])
	r.i += n
	return n, nil
}

// Seek implements io.Seeker.
func (r *bodyReader) Seek(offset int64, whence int) (int64, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var abs int64
	switch whence {
	case io.SeekStart:
		abs = offset
	case io.SeekCurrent:
		abs = int64(r.i) + offset
	case io.SeekEnd:
		abs = int64(len(r.b)) + offset
	default:
		return 0, errors.New("oauthratelimit: body Seek: invalid whence")
	}
	if abs < 0 {
		return 0, errors.New("oauthratelimit: body Seek: negative position")
	}
	r.i = int(min(abs, int64(len(r.b))))
	return abs, nil
}

// Close makes later Reads fail, like a server request body's Close.
func (r *bodyReader) Close() error {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	return nil
}

// superfluousWriteHeader logs a second WriteHeader (status written first,
// code now), naming the handler's line as net/http does: the first caller
// outside net/http and this writer.
func (l *Limiter) superfluousWriteHeader(status, code int) {
	var pcs [16]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs[:])])
	for {
		f, more := frames.Next()
		if !strings.HasPrefix(f.Function, "net/http.") && !strings.Contains(f.Function, "(*responseWriter).") || !more {
			site := f.File + ":" + strconv.Itoa(f.Line)
			if l.warnThrottle.allow(site, l.cfg.Now()) {
				l.log.Warn("superfluous WriteHeader call: the status was written already", "status", status, "code", code,
					"from", f.Function, "file", f.File, "line", f.Line)
			}
			return
		}
	}
}
