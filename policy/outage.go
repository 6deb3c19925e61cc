package policy

import (
	"errors"
	"fmt"

	"go.yaml.in/yaml/v4"
)

// Outage is how a client is limited while the store that shares the counts
// between instances is down (unreachable for longer than the limiter's
// outage threshold): each instance then sees only its own counts, on top
// of the others' as they were when the store went away.
type Outage uint8

const (
	// OutageOptimistic applies the normal limits on each instance, as
	// when the store answers: nothing is refused that would not be, and
	// the fleet admits up to N times a limit in the worst case (N
	// instances, each reaching it alone). The default.
	OutageOptimistic Outage = iota
	// OutagePessimistic refuses once an instance's estimate reaches
	// floor(limit ÷ N), N the largest number of live instances seen in
	// the last ten minutes before the outage: the fleet never admits more
	// than the limit, even if instances that left just before came back;
	// a limit below N refuses everything.
	OutagePessimistic
	// OutageShare gives each instance ceil(limit ÷ N), N the live
	// instances at the last read of the heartbeats before the outage:
	// the fleet admits about the limit (at most N-1 over, from rounding
	// up, so that every instance admits something).
	OutageShare
	numOutages
)

// wantOutage is what an outage field accepts.
const wantOutage = "want optimistic, pessimistic or share"

// ErrBadOutage is returned (wrapped) by ParseOutage for an unknown name.
var ErrBadOutage = errors.New("unknown outage mode")

// String returns "optimistic", "pessimistic" or "share"; any other value
// returns "invalid".
func (o Outage) String() string {
	switch o {
	case OutageOptimistic:
		return "optimistic"
	case OutagePessimistic:
		return "pessimistic"
	case OutageShare:
		return "share"
	}
	return "invalid"
}

// ParseOutage parses "optimistic", "pessimistic" or "share" (exactly, as
// Outage.String returns them).
func ParseOutage(s string) (Outage, error) {
	for o := range numOutages {
		if s == o.String() {
			return o, nil
		}
	}
	return OutageOptimistic, fmt.Errorf("%w %q; %s", ErrBadOutage, s, wantOutage)
}

// MarshalText implements encoding.TextMarshaler.
func (o Outage) MarshalText() ([]byte, error) {
	if o >= numOutages {
		return nil, fmt.Errorf("%w Outage(%d); %s", ErrBadOutage, uint8(o), wantOutage)
	}
	return []byte(o.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseOutage.
func (o *Outage) UnmarshalText(text []byte) error {
	v, err := ParseOutage(string(text))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

func checkOutage(o Outage, path string) *problem {
	if o >= numOutages {
		return &problem{path: path, value: fmt.Sprintf("Outage(%d)", uint8(o)), msg: "unknown outage mode; " + wantOutage}
	}
	return nil
}

// outage decodes an outage field.
func (d *decoder) outage(n *yaml.Node, path string) (Outage, error) {
	n, line, err := d.scalar(n, path, wantOutage)
	if err != nil {
		return 0, err
	}
	s := text(n)
	o, err := ParseOutage(s)
	if err != nil {
		return 0, d.errf(line, path, "%q: unknown outage mode; %s", s, wantOutage)
	}
	return o, nil
}
