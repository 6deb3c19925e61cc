package main

import (
	"context"
	"errors"
	"time"

	"github.com/oauth-ratelimit/oauth-ratelimit/syncer"
)

// healthStore shares the refresh-token subjects of the store it wraps
// (syncer.SubjectStore; mongostore.Store is one): without these methods the
// wrapper would hide them, and each instance would know only the refresh
// tokens issued through it.
var _ syncer.SubjectStore = healthStore{}

var errNoSubjects = errors.New("the store does not share refresh-token subjects")

// PutSubjects implements syncer.SubjectStore.
func (s healthStore) PutSubjects(ctx context.Context, ss []syncer.Subject) error {
	inner, ok := s.Store.(syncer.SubjectStore)
	if !ok {
		return errNoSubjects
	}
	err := inner.PutSubjects(ctx, ss)
	s.note(ctx, err)
	return err
}

// SubjectsSince implements syncer.SubjectStore.
func (s healthStore) SubjectsSince(ctx context.Context, since time.Time, limit int) ([]syncer.Subject, error) {
	inner, ok := s.Store.(syncer.SubjectStore)
	if !ok {
		return nil, errNoSubjects
	}
	out, err := inner.SubjectsSince(ctx, since, limit)
	s.note(ctx, err)
	return out, err
}
