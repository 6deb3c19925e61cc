package main

import (
	"context"
	"errors"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// healthStore keeps the published window sizes of the store it wraps
// (syncer.SizesStore; mongostore.Store is one): without these methods the
// wrapper would hide them, and the instances would not count in each
// other's tiers while a rolling restart changes windows (README, "Rolling
// out a window change across a fleet").
var _ syncer.SizesStore = healthStore{}

var errNoSizes = errors.New("the store does not keep published window sizes")

// PutSizes implements syncer.SizesStore.
func (s healthStore) PutSizes(ctx context.Context, instance string, sz syncer.Sizes) error {
	inner, ok := s.Store.(syncer.SizesStore)
	if !ok {
		return errNoSizes
	}
	err := inner.PutSizes(ctx, instance, sz)
	s.note(ctx, err)
	return err
}

// GetSizes implements syncer.SizesStore.
func (s healthStore) GetSizes(ctx context.Context, instance string) (syncer.Sizes, bool, error) {
	inner, ok := s.Store.(syncer.SizesStore)
	if !ok {
		return syncer.Sizes{}, false, errNoSizes
	}
	sz, found, err := inner.GetSizes(ctx, instance)
	s.note(ctx, err)
	return sz, found, err
}
