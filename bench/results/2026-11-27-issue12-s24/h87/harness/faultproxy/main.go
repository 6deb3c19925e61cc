// Command faultproxy is a TCP proxy in front of the shared FerretDB whose
// faults are set over HTTP: pass, delay (added to every chunk of the
// store's answers, without lowering throughput), refuse (listener closed,
// open connections reset), blackhole (connections accepted, nothing
// forwarded either way until the mode changes).
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"
)

type state struct {
	mu       sync.Mutex
	cond     *sync.Cond
	mode     string
	delay    time.Duration
	ln       net.Listener
	conns    map[net.Conn]struct{}
	listen   string
	upstream string
}

func (s *state) blocked() bool { return s.mode == "blackhole" }

func (s *state) waitOpen() {
	s.mu.Lock()
	for s.blocked() {
		s.cond.Wait()
	}
	s.mu.Unlock()
}

func (s *state) getDelay() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.delay
}

type chunk struct {
	b  []byte
	at time.Time
}

// pipe copies src to dst; when delayed, each chunk is written delay after
// it was read.
func (s *state) pipe(dst, src net.Conn, delayed bool) {
	ch := make(chan chunk, 1024)
	go func() {
		defer close(ch)
		for {
			buf := make([]byte, 64<<10)
			n, err := src.Read(buf)
			if n > 0 {
				ch <- chunk{buf[:n], time.Now()}
			}
			if err != nil {
				return
			}
		}
	}()
	for c := range ch {
		s.waitOpen()
		if delayed {
			if d := s.getDelay(); d > 0 {
				time.Sleep(time.Until(c.at.Add(d)))
			}
		}
		s.waitOpen()
		if _, err := dst.Write(c.b); err != nil {
			break
		}
	}
	dst.Close()
	src.Close()
}

func (s *state) serve(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		go func() {
			s.waitOpen()
			u, err := net.Dial("tcp", s.upstream)
			if err != nil {
				c.Close()
				return
			}
			s.mu.Lock()
			s.conns[c] = struct{}{}
			s.conns[u] = struct{}{}
			s.mu.Unlock()
			go s.pipe(u, c, false)
			s.pipe(c, u, true)
			s.mu.Lock()
			delete(s.conns, c)
			delete(s.conns, u)
			s.mu.Unlock()
		}()
	}
}

func (s *state) open() error {
	if s.ln != nil {
		return nil
	}
	ln, err := net.Listen("tcp", s.listen)
	if err != nil {
		return err
	}
	s.ln = ln
	go s.serve(ln)
	return nil
}

func main() {
	listen := flag.String("listen", "127.0.0.1:47017", "")
	upstream := flag.String("upstream", "127.0.0.1:44845", "")
	ctl := flag.String("control", "127.0.0.1:47018", "")
	flag.Parse()
	s := &state{mode: "pass", conns: map[net.Conn]struct{}{}, listen: *listen, upstream: *upstream}
	s.cond = sync.NewCond(&s.mu)
	if err := s.open(); err != nil {
		log.Fatal(err)
	}
	http.HandleFunc("/mode", func(w http.ResponseWriter, r *http.Request) {
		m := r.URL.Query().Get("m")
		d := r.URL.Query().Get("delay")
		s.mu.Lock()
		defer s.mu.Unlock()
		if d != "" {
			dd, err := time.ParseDuration(d)
			if err != nil {
				http.Error(w, err.Error(), 400)
				return
			}
			s.delay = dd
		}
		switch m {
		case "":
		case "pass", "blackhole":
			s.mode = m
			if err := s.open(); err != nil {
				http.Error(w, err.Error(), 500)
				return
			}
		case "refuse":
			s.mode = m
			if s.ln != nil {
				s.ln.Close()
				s.ln = nil
			}
			for c := range s.conns {
				if tc, ok := c.(*net.TCPConn); ok {
					tc.SetLinger(0)
				}
				c.Close()
			}
		default:
			http.Error(w, "m: pass|refuse|blackhole", 400)
			return
		}
		s.cond.Broadcast()
		log.Printf("mode=%s delay=%s conns=%d", s.mode, s.delay, len(s.conns))
		fmt.Fprintf(w, "mode=%s delay=%s conns=%d\n", s.mode, s.delay, len(s.conns))
	})
	_ = io.EOF
	log.Fatal(http.ListenAndServe(*ctl, nil))
}
