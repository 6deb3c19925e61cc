package main

import (
	"context"
	"errors"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// healthStore keeps the published tiers of the store it wraps
// (syncer.TiersStore; mongostore.Store is one): without these methods the
// wrapper would hide them, and the instances would not count in each
// other's tiers while a rolling restart changes windows (README, "Rolling
// out a window change across a fleet").
var _ syncer.TiersStore = healthStore{}

var errNoTiers = errors.New("the store does not keep published tiers")

// PutTiers implements syncer.TiersStore.
func (s healthStore) PutTiers(ctx context.Context, instance string, pt syncer.Tiers) error {
	inner, ok := s.Store.(syncer.TiersStore)
	if !ok {
		return errNoTiers
	}
	err := inner.PutTiers(ctx, instance, pt)
	s.note(ctx, err)
	return err
}

// GetTiers implements syncer.TiersStore.
func (s healthStore) GetTiers(ctx context.Context, instance string) (syncer.Tiers, bool, error) {
	inner, ok := s.Store.(syncer.TiersStore)
	if !ok {
		return syncer.Tiers{}, false, errNoTiers
	}
	pt, found, err := inner.GetTiers(ctx, instance)
	s.note(ctx, err)
	return pt, found, err
}

// TiersHead implements syncer.TiersStore.
func (s healthStore) TiersHead(ctx context.Context, instance string) (syncer.Tiers, bool, error) {
	inner, ok := s.Store.(syncer.TiersStore)
	if !ok {
		return syncer.Tiers{}, false, errNoTiers
	}
	pt, found, err := inner.TiersHead(ctx, instance)
	s.note(ctx, err)
	return pt, found, err
}
