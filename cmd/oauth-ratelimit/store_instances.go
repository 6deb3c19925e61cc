package main

import (
	"context"
	"errors"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// healthStore keeps the heartbeats of the store it wraps
// (syncer.InstanceStore; mongostore.Store is one): without these methods
// the wrapper would hide them, the instances would not count each other,
// and the store's outage would be told from pulls alone, which succeed
// without the store when no key is in use, so the policy's outage modes
// would never apply. A heartbeat also tells the store's health, every
// sync interval, busy or idle.
var _ syncer.InstanceStore = healthStore{}

var errNoInstances = errors.New("the store does not keep heartbeats")

// PutInstance implements syncer.InstanceStore.
func (s healthStore) PutInstance(ctx context.Context, h syncer.Heartbeat) error {
	inner, ok := s.Store.(syncer.InstanceStore)
	if !ok {
		return errNoInstances
	}
	err := inner.PutInstance(ctx, h)
	s.note(ctx, err)
	return err
}

// Instances implements syncer.InstanceStore.
func (s healthStore) Instances(ctx context.Context) ([]syncer.Heartbeat, error) {
	inner, ok := s.Store.(syncer.InstanceStore)
	if !ok {
		return nil, errNoInstances
	}
	out, err := inner.Instances(ctx)
	s.note(ctx, err)
	return out, err
}

// DeleteInstance implements syncer.InstanceStore.
func (s healthStore) DeleteInstance(ctx context.Context, instance string, started time.Time) error {
	inner, ok := s.Store.(syncer.InstanceStore)
	if !ok {
		return errNoInstances
	}
	err := inner.DeleteInstance(ctx, instance, started)
	s.note(ctx, err)
	return err
}

// SweepInstances implements syncer.InstanceStore.
func (s healthStore) SweepInstances(ctx context.Context, now time.Time) (int64, error) {
	inner, ok := s.Store.(syncer.InstanceStore)
	if !ok {
		return 0, errNoInstances
	}
	n, err := inner.SweepInstances(ctx, now)
	s.note(ctx, err)
	return n, err
}

var _ syncer.InstanceCounter = healthStore{}

// CountInstances implements syncer.InstanceCounter: the Syncer counts
// the fresh heartbeats in its first sync intervals, to learn of the
// processes started with this one (without it a process alone when a key
// came took the key as its own until a read named the others).
func (s healthStore) CountInstances(ctx context.Context, since time.Time) (int, error) {
	inner, ok := s.Store.(syncer.InstanceCounter)
	if !ok {
		return 0, errNoInstances
	}
	n, err := inner.CountInstances(ctx, since)
	s.note(ctx, err)
	return n, err
}
