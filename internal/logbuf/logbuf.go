// Package logbuf is a bytes.Buffer safe for concurrent use, for tests that
// read what a logger or a child process wrote from another goroutine.
package logbuf

import (
	"bytes"
	"sync"
)

// Buffer collects writes from several goroutines; its zero value is ready.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (l *Buffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns what was written so far.
func (l *Buffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
