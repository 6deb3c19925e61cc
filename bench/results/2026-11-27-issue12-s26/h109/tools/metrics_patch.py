import re
p='/tmp/s26/h109/repo/metrics.go'
s=open(p).read()
start=s.index('// clientMetrics are the series of one client label, resolved lazily')
s=s[:start]+'''// clientMetrics are the series of one client label, resolved lazily: a
// series appears when it is first counted, so a policy with many clients
// does not export thousands of zeros, and the request path looks a child up
// in an array instead of hashing label values. The array (clientCells) is
// made when the client is first counted here too: made for every
// configured client at each compile, it held 680 bytes of empty cells
// each, 68 MB for a policy of 100,000 clients whether or not they asked
// for a token (helper-101).
type clientMetrics struct {
	m     *metrics // nil: nothing is recorded
	label string
	// dropped: a policy installed since does not configure the client, and
	// its cells count in other (m.mu guards it); used: a cell was filled
	// for the client's own series (written under m.mu, read by the policy
	// gauges' scrape without it).
	dropped bool
	used    atomic.Bool
	// cells are the client's resolved series: nil until its first count
	// (made under m.mu, in fill), and again once it is dropped (forget). A
	// client stays in byLabel, and so keeps its cells and its series,
	// while the installed policy configures it: its counters never reset
	// while they are exported. Only configured clients have a
	// clientMetrics (any other counts in other's), so the cells are
	// bounded by the policy's clients, whatever client IDs requests name.
	cells atomic.Pointer[clientCells]
}

// clientCells are the cells of one client's series.
type clientCells struct {
	decisions    [policy.NumGrants][numDecisions]counterCell
	issued       [policy.NumGrants]counterCell
	released     [policy.NumGrants]counterCell
	attributions [policy.NumGrants][numAttributions]counterCell
	soft         counterCell
}

// counterCell holds a resolved child of a CounterVec once it is filled.
type counterCell struct {
	p atomic.Pointer[counterBox]
}

type counterBox struct{ c prometheus.Counter }

// Each count below loads the client's cells and the cell's counter, and
// only if either is not made yet calls fill, which takes m.mu: the label
// values of the slow path are not built on the fast one.

// fill makes the counter of the cell that at picks in cm's cells (and the
// cells, the client's first count), the first time it is used (or the first
// after its client was dropped), under m.mu: for a client dropped, the
// series of other, rather than one setPolicy deleted, which would stay for
// good. It counts in vec, for cm's client and the label values lvs.
func (cm *clientMetrics) fill(at func(*clientCells) *counterCell, vec *prometheus.CounterVec, lvs ...string) prometheus.Counter {
	cm.m.mu.Lock()
	defer cm.m.mu.Unlock()
	cells := cm.cells.Load()
	if cells == nil {
		cells = new(clientCells)
		cm.cells.Store(cells)
	}
	c := at(cells)
	if b := c.p.Load(); b != nil {
		return b.c
	}
	label := cm.label
	if cm.dropped {
		label = otherClient
	} else {
		cm.used.Store(true)
	}
	b := &counterBox{vec.WithLabelValues(append([]string{label}, lvs...)...)}
	c.p.Store(b)
	return b.c
}

// forget drops cm's cells (m.mu held), so that each is filled again, in
// new cells.
func (cm *clientMetrics) forget() {
	cm.cells.Store(nil)
}

func (cm *clientMetrics) decision(g policy.Grant, d decision) {
	if c := cm.cells.Load(); c != nil {
		if b := c.decisions[g][d].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.decisions[g][d] }, cm.m.decisions, g.String(), decisionNames[d]).Inc()
	}
}

func (cm *clientMetrics) issue(g policy.Grant) {
	if c := cm.cells.Load(); c != nil {
		if b := c.issued[g].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.issued[g] }, cm.m.issued, g.String()).Inc()
	}
}

func (cm *clientMetrics) release(g policy.Grant) {
	if c := cm.cells.Load(); c != nil {
		if b := c.released[g].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.released[g] }, cm.m.released, g.String()).Inc()
	}
}

func (cm *clientMetrics) attribute(g policy.Grant, a attribution) {
	if c := cm.cells.Load(); c != nil {
		if b := c.attributions[g][a].p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.attributions[g][a] }, cm.m.attributions, g.String(), attributionNames[a]).Inc()
	}
}

func (cm *clientMetrics) softExceeded() {
	if c := cm.cells.Load(); c != nil {
		if b := c.soft.p.Load(); b != nil {
			b.c.Inc()
			return
		}
	}
	if cm.m != nil {
		cm.fill(func(c *clientCells) *counterCell { return &c.soft }, cm.m.soft).Inc()
	}
}
'''
open(p,'w').write(s)
