package syncer

import (
	"fmt"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the Syncer's Prometheus metrics. Children of labelled vectors
// are resolved once here, so that counting costs one atomic add.
type metrics struct {
	flushesOK, flushesError prometheus.Counter
	flushDuration           prometheus.Histogram
	keysWritten             prometheus.Counter
	conflicts               prometheus.Counter
	deferred                prometheus.Counter
	increments              prometheus.Counter
	unknowns                prometheus.Counter
	requestsWrite           prometheus.Counter
	requestsLoad            prometheus.Counter
	requestsSweep           prometheus.Counter
	requestsHeartbeat       prometheus.Counter
	errorsWrite             prometheus.Counter
	errorsLoad              prometheus.Counter
	errorsSweep             prometheus.Counter
	errorsHeartbeat         prometheus.Counter
	pullsOK, pullsError     prometheus.Counter
	resets                  prometheus.Counter
	resetCleared            prometheus.Counter
	unreadable              prometheus.Counter
	dirtyKeys               prometheus.Gauge
	lastFlush               prometheus.Gauge

	// What the final flushes that gave up left out of the store (gaveUp).
	finalNever, finalUnknown, finalKeys prometheus.Counter
}

// newMetrics builds the metrics of s and registers them on reg, unless reg
// is nil.
func newMetrics(reg prometheus.Registerer, s *Syncer) (*metrics, error) {
	const ns, sub = "oauth_ratelimit", "sync"
	flushes := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Subsystem: sub, Name: "flushes_total",
		Help: "Flushes of dirty keys to the store, by result (ok, or error if any store call failed).",
	}, []string{"result"})
	requests := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Subsystem: sub, Name: "store_requests_total",
		Help: "Calls to the store (each one round trip of at most the batch size), by operation: write, load, sweep, or heartbeat (one beat: this instance's heartbeat written and the others' read, two round trips or more: the tiers, the duplicate check, the sweep at times).",
	}, []string{"op"})
	storeErrors := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Subsystem: sub, Name: "store_errors_total",
		Help: "Calls to the store that returned an error, by operation: write, load, sweep, or heartbeat (a beat that failed).",
	}, []string{"op"})
	pulls := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Subsystem: sub, Name: "pulls_total",
		Help: "Pulls of the active keys' documents from the store, by result (ok or error).",
	}, []string{"result"})
	unwritten := prometheus.NewCounterVec(prometheus.CounterOpts{
		Namespace: ns, Subsystem: sub, Name: "final_flush_unwritten_counts_total",
		Help: "Requests (in cost units) counted by this instance that the final flush at the end of Run (a stop) left out of the store when it gave up, by outcome: never_written (the store lacks them) or unknown (in writes whose answer was lost: in the store if they landed). Counted as Run returns, with the same figures as its error: only a scrape after that sees them.",
	}, []string{"outcome"})
	m := &metrics{
		flushesOK:    flushes.WithLabelValues("ok"),
		flushesError: flushes.WithLabelValues("error"),
		flushDuration: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: ns, Subsystem: sub, Name: "flush_duration_seconds",
			Help:    "Time a flush took, store calls included.",
			Buckets: prometheus.ExponentialBuckets(0.001, 2.5, 12), // 1ms to 24s
		}),
		keysWritten: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "keys_written_total",
			Help: "Keys whose delta was confirmed written to the store.",
		}),
		conflicts: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "conflicts_total",
			Help: "Writes refused by the store for a stale version (each is read back and retried).",
		}),
		deferred: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "deferred_writes_total",
			Help: "Keys whose write lost the compare-and-swap in every round of a flush: their counts wait, still counted here, for the next flush, and the other instances do not see them meanwhile.",
		}),
		increments: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "increment_writes_total",
			Help: "Writes of a key's counts as increments rather than a compare-and-swap of its document (a write another instance's refused, or a key other instances wrote lately too), resends included: no other writer can refuse one.",
		}),
		unknowns: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "unknown_outcomes_total",
			Help: "Writes whose answer was lost; the next flush reads them back.",
		}),
		resets: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "resets_total",
			Help: "Keys this instance reset in the store (Syncer.Reset), for every instance.",
		}),
		resetCleared: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "reset_cleared_counts_total",
			Help: "Requests (in cost units) the store's documents counted when this instance reset them: what its resets cleared for every instance.",
		}),
		unreadable: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "unreadable_documents_total",
			Help: "Documents read from the store that could not be read, at each read: a field holding what no write puts there (a hand edit, a restore script; the log says which). Each costs only its own key, decided here from this instance's last read and its own counts until its document reads again.",
		}),
		finalNever:   unwritten.WithLabelValues("never_written"),
		finalUnknown: unwritten.WithLabelValues("unknown"),
		finalKeys: prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: ns, Subsystem: sub, Name: "final_flush_unwritten_keys_total",
			Help: "Keys whose counts the final flush at the end of Run (a stop) left, in whole or in part, out of the store when it gave up (oauth_ratelimit_sync_final_flush_unwritten_counts_total counts them). Counted as Run returns: only a scrape after that sees them.",
		}),
		requestsWrite: requests.WithLabelValues("write"),
		requestsLoad:  requests.WithLabelValues("load"),
		requestsSweep: requests.WithLabelValues("sweep"),
		// A beat's calls are what judges the outage (store_up, store_outage):
		// a store that failed only them showed outage limits and no error
		// (an outside audit, h58: the store 3 s away).
		requestsHeartbeat: requests.WithLabelValues("heartbeat"),
		errorsWrite:       storeErrors.WithLabelValues("write"),
		errorsLoad:        storeErrors.WithLabelValues("load"),
		errorsSweep:       storeErrors.WithLabelValues("sweep"),
		errorsHeartbeat:   storeErrors.WithLabelValues("heartbeat"),
		pullsOK:           pulls.WithLabelValues("ok"),
		pullsError:        pulls.WithLabelValues("error"),
		dirtyKeys: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: ns, Subsystem: sub, Name: "dirty_keys",
			Help: "Keys the last flush wrote or tried to write.",
		}),
		lastFlush: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: ns, Subsystem: sub, Name: "last_flush_timestamp_seconds",
			Help: "Unix time at which the last successful flush started.",
		}),
	}
	if reg == nil {
		return m, nil
	}
	snapshotAge := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: ns, Subsystem: sub, Name: "snapshot_age_seconds",
		Help: "Seconds since the last successful pull: how stale this instance's view of the other instances' counts may be.",
	}, func() float64 { return s.SnapshotAge(s.cfg.Now()).Seconds() })
	unsettled := prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Namespace: ns, Subsystem: sub, Name: "unsettled_writes",
		Help: "Writes whose answer was lost and that the next flush must read back.",
	}, func() float64 { return float64(s.Unsettled()) })
	batchSize := func(op string, b *batchSize) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: ns, Subsystem: sub, Name: "batch_size",
			Help:        "The most writes (op write) or keys (op load) one store call carries now: BatchSize (500), halved after a call that timed out, grown back as the calls answer in time: below BatchSize, the store is too slow for calls of BatchSize.",
			ConstLabels: prometheus.Labels{"op": op},
		}, func() float64 { return float64(b.size()) })
	}
	var errs []error
	for _, c := range []prometheus.Collector{
		flushes, m.flushDuration, m.keysWritten, m.conflicts, m.deferred, m.increments, m.unknowns, requests, storeErrors,
		pulls, m.unreadable, unwritten, m.finalKeys, m.dirtyKeys, m.lastFlush, snapshotAge, unsettled, m.resets, m.resetCleared,
		batchSize("write", s.writes), batchSize("load", s.loads),
	} {
		if err := reg.Register(c); err != nil {
			errs = append(errs, err)
		}
	}
	if err := registerError("the metrics", errs); err != nil {
		return nil, err
	}
	return m, nil
}

// flushed records a flush of n keys that started at start and ended at end.
func (m *metrics) flushed(n int, err error, start, end time.Time) {
	m.flushDuration.Observe(end.Sub(start).Seconds())
	m.dirtyKeys.Set(float64(n))
	if err != nil {
		m.flushesError.Inc()
		return
	}
	m.flushesOK.Inc()
	m.lastFlush.Set(float64(start.UnixNano()) / 1e9)
}

// gaveUp records what a final flush that gave up left out of the store
// (Syncer.atStake): lost never written, unknown in writes whose answer was
// lost, on keys keys, the figures of Run's error. Only that error said
// them (the server logs it: final flush failed). Counted as Run returns, so
// only a scrape after that sees them: an embedder whose process serves its
// metrics on. The server has closed its metrics listener before the final
// flush (cmd/oauth-ratelimit: stopServers), and exits after it: no scrape
// of it shows them, and its log line stays its record.
func (m *metrics) gaveUp(lost, unknown int64, keys int) {
	m.finalNever.Add(float64(lost))
	m.finalUnknown.Add(float64(unknown))
	m.finalKeys.Add(float64(keys))
}

// registerError says why metrics could not be registered, in one line:
// how many, the first error (wrapped), and the way out of the likely cause,
// a second Syncer on one registry (an outside audit found the joined
// errors of every collector, one line each, and no hint).
func registerError(what string, errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("syncer: Config.Registerer: cannot register %s (%d of them), first: %w (one Syncer per registry: give each its own, or wrap every one's Registerer, the first too, with a label of one name: prometheus.WrapRegistererWith(prometheus.Labels{\"limiter\": \"a\"}, reg))", what, len(errs), errs[0])
}
