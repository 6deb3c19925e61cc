package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"time"

	"github.com/FerretDB/wire"
	"github.com/FerretDB/wire/wireclient"
)

// pingServer retries until the server at uri answers ping (which on FerretDB
// also checks its PostgreSQL backend) and buildInfo, or until wait has passed.
// It prints one line naming the server.
func pingServer(uri string, wait time.Duration) error {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "mongodb" || u.Host == "" {
		return fmt.Errorf("-ping %q: want a URI like mongodb://127.0.0.1:27017/", uri)
	}

	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()

	var lastErr error
	for {
		line, err := describe(ctx, u.Host)
		if err == nil {
			fmt.Println(line)
			return nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return fmt.Errorf("no answer from %s within %s: %w", u.Host, wait, lastErr)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func describe(ctx context.Context, host string) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()

	var d net.Dialer
	nc, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return "", err
	}
	conn := wireclient.New(nc, slog.New(slog.NewTextHandler(io.Discard, nil)))
	defer conn.Close()

	if err := conn.Ping(ctx); err != nil {
		return "", err
	}

	_, body, err := conn.Request(ctx, wire.MustOpMsg("buildInfo", int32(1), "$db", "admin"))
	if err != nil {
		return "", err
	}
	msg, ok := body.(*wire.OpMsg)
	if !ok {
		return "", errors.New("buildInfo: unexpected reply type")
	}
	raw, err := msg.RawDocument()
	if err != nil {
		return "", err
	}
	doc, err := raw.Decode()
	if err != nil {
		return "", err
	}
	if doc.Get("ok") != 1.0 {
		return "", fmt.Errorf("buildInfo failed: %v", doc)
	}
	if v, ok := doc.Get("ferretdbVersion").(string); ok {
		return fmt.Sprintf("FerretDB %s (MongoDB-compatible %v) at %s", v, doc.Get("version"), host), nil
	}
	return fmt.Sprintf("MongoDB %v at %s", doc.Get("version"), host), nil
}
