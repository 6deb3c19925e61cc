package policy

import (
	"fmt"
	"strconv"
)

// Error is a problem found in a policy. Parse and Load return it (as
// *Error) for every syntax and validation problem of a file, New and
// Spec.Validate for every invalid field of a Spec; use errors.As to get the
// position.
type Error struct {
	File string // the name given to Parse, or the path given to Load; "" for a Spec
	Line int    // 1-based line number; 0 when the problem is the file as a whole, or for a Spec
	Path string // the field, e.g. clients.mobile-app.user[0].window; "" for a syntax error
	Msg  string // what is wrong and what would be accepted
}

// Error formats the problem as file:line: path: message. Without a file (a
// Spec given to New, or decoded with UnmarshalYAML) it starts with line N:,
// or with the path.
func (e *Error) Error() string {
	s := e.File
	switch {
	case e.Line > 0 && s == "":
		s = "line " + strconv.Itoa(e.Line)
	case e.Line > 0:
		s += ":" + strconv.Itoa(e.Line)
	}
	if s != "" {
		s += ": "
	}
	if e.Path != "" {
		s += e.Path + ": "
	}
	return s + e.Msg
}

func newError(file string, line int, path, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Path: path, Msg: fmt.Sprintf(format, args...)}
}
