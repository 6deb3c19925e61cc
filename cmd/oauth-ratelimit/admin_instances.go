package main

import (
	"encoding/json"
	"math"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// instancesEndpoints are the admin routes of the live instances, from the
// heartbeats every instance keeps in the store (syncer.InstanceStore).
var instancesEndpoints = []adminEndpoint{
	{"GET /admin/instances", "the instances sharing the store, live by their heartbeats (this one's view: read at, age of each beat by this clock, how far each clock is off this one's), and whether the store's outage modes apply", func(s *server, _ *prometheus.Registry) http.HandlerFunc {
		return s.instances
	}},
}

// instanceJSON is one live instance in the answer of GET /admin/instances.
type instanceJSON struct {
	ID      string `json:"id"`
	Self    bool   `json:"self,omitempty"`
	Version string `json:"version,omitempty"`
	// Started is by the instance's own clock.
	Started *time.Time `json:"started,omitempty"`
	// AgeSeconds is how long ago this instance saw the other's heartbeat
	// move, by this instance's clock.
	AgeSeconds float64 `json:"age_seconds"`
	// SkewSeconds is how far its clock is at least ahead of this one's
	// (negative: behind), as its heartbeats show (syncer.Instance.Skew);
	// 0 when within a sync interval, and for this instance.
	SkewSeconds float64 `json:"skew_seconds"`
}

// instances answers GET /admin/instances.
func (s *server) instances(w http.ResponseWriter, _ *http.Request) {
	in, o := s.lim.Instances(), s.lim.Outage()
	var answer struct {
		Instance string `json:"instance"`
		// Read is when this instance last read the heartbeats; null:
		// never (the live list is then this instance alone, unknown).
		Read    *time.Time     `json:"read"`
		Live    []instanceJSON `json:"live"`
		MaxLive int            `json:"max_live"`
		Outage  struct {
			Down    bool      `json:"down"`
			Contact time.Time `json:"store_last_answered"`
		} `json:"outage"`
	}
	answer.Instance = s.lim.Instance()
	if !in.Read.IsZero() {
		answer.Read = &in.Read
	}
	answer.Live = make([]instanceJSON, len(in.Live))
	for i, l := range in.Live {
		j := instanceJSON{ID: l.ID, Self: l.Self, Version: l.Version, AgeSeconds: math.Round(l.Age.Seconds()*1000) / 1000,
			SkewSeconds: math.Round(l.Skew.Seconds()*1000) / 1000}
		if !l.Started.IsZero() {
			j.Started = &l.Started
		}
		answer.Live[i] = j
	}
	answer.MaxLive = in.MaxLive
	answer.Outage.Down, answer.Outage.Contact = o.Down, o.Contact
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(answer)
}
