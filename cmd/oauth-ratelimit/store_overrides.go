package main

import (
	"context"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// healthStore shares the runtime overrides of the store it wraps
// (syncer.OverrideStore; mongostore.Store is one): without these methods
// the wrapper would hide them, and an override set on one instance would
// reach no other.
var _ syncer.OverrideStore = healthStore{}

// LoadOverrides implements syncer.OverrideStore.
func (s healthStore) LoadOverrides(ctx context.Context) ([]syncer.Override, error) {
	inner, ok := s.Store.(syncer.OverrideStore)
	if !ok {
		return nil, syncer.ErrNoOverrideStore
	}
	out, err := inner.LoadOverrides(ctx)
	s.note(ctx, err)
	return out, err
}

// PutOverride implements syncer.OverrideStore.
func (s healthStore) PutOverride(ctx context.Context, o syncer.Override) error {
	inner, ok := s.Store.(syncer.OverrideStore)
	if !ok {
		return syncer.ErrNoOverrideStore
	}
	err := inner.PutOverride(ctx, o)
	s.note(ctx, err)
	return err
}

// DeleteOverride implements syncer.OverrideStore.
func (s healthStore) DeleteOverride(ctx context.Context, client string) (bool, error) {
	inner, ok := s.Store.(syncer.OverrideStore)
	if !ok {
		return false, syncer.ErrNoOverrideStore
	}
	found, err := inner.DeleteOverride(ctx, client)
	s.note(ctx, err)
	return found, err
}
