// Command ferretdb runs FerretDB v1 (the embeddable package) on PostgreSQL so
// the integration tests have a MongoDB wire server on machines without mongod.
//
// It is its own module so FerretDB's dependencies stay out of the project's go.mod.
//
//	ferretdb -postgresql-url postgres://u:p@127.0.0.1:5432/db -uri-file .tmp/uri
//	ferretdb -ping mongodb://127.0.0.1:27017/ -wait 30s
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/build/version"
	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:0", "TCP address to listen on; port 0 picks a free port")
	pgURL := flag.String("postgresql-url", os.Getenv("FERRETDB_POSTGRESQL_URL"), "PostgreSQL URL (default $FERRETDB_POSTGRESQL_URL)")
	uriFile := flag.String("uri-file", "", "once listening, write the MongoDB URI to this file")
	logLevel := flag.String("log-level", "warn", "log level: debug, info, warn or error")
	exitWith := flag.Int("exit-with", 0, "stop once the process with this pid has exited (the script that started us)")
	ping := flag.String("ping", "", "do not serve: ping this MongoDB URI, print the server's version and exit")
	wait := flag.Duration("wait", 30*time.Second, "with -ping: how long to retry until the server answers")
	showVersion := flag.Bool("version", false, "print the FerretDB version and exit")
	flag.Parse()

	// The embedded package reports "unknown" as its version; give buildInfo the real one.
	version.Get().Version = ferretDBVersion()

	var err error
	switch {
	case *showVersion:
		fmt.Println("FerretDB", version.Get().Version)
	case *ping != "":
		err = pingServer(*ping, *wait)
	default:
		err = serve(*listen, *pgURL, *uriFile, *logLevel, *exitWith)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func serve(listen, pgURL, uriFile, logLevel string, exitWith int) error {
	if pgURL == "" {
		return fmt.Errorf("-postgresql-url is empty: want e.g. postgres://user:pass@127.0.0.1:5432/dbname")
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return fmt.Errorf("-log-level %q: want debug, info, warn or error", logLevel)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if exitWith > 0 {
		// A test run killed with SIGKILL cannot stop us; do not outlive it.
		go func() {
			for ctx.Err() == nil {
				if syscall.Kill(exitWith, 0) == syscall.ESRCH {
					logger.Warn("stopping: the process that started us has exited", "pid", exitWith)
					stop()
					return
				}
				time.Sleep(time.Second)
			}
		}()
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{TCP: listen},
		Logger:        logger,
		Handler:       "postgresql",
		PostgreSQLURL: pgURL,
	})
	if err != nil {
		return err
	}
	// New has already bound the listener, so the URI carries the real port.
	uri := f.MongoDBURI()
	logger.Warn("listening", "uri", uri, "version", version.Get().Version)
	if uriFile != "" {
		if err := writeFileAtomic(uriFile, uri+"\n"); err != nil {
			return err
		}
	}
	if err := f.Run(ctx); err != nil {
		return err
	}
	logger.Warn("stopped", "uri", uri)
	return nil
}

// writeFileAtomic writes via rename so a reader polling for the file never sees a partial URI.
func writeFileAtomic(name, content string) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".uri-*")
	if err != nil {
		return fmt.Errorf("-uri-file: %w", err)
	}
	if _, err := tmp.WriteString(content); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("-uri-file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("-uri-file: %w", err)
	}
	if err := os.Rename(tmp.Name(), name); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("-uri-file: %w", err)
	}
	return nil
}

// ferretDBVersion is the version of the FerretDB module linked into this binary.
func ferretDBVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if m.Path == "github.com/FerretDB/FerretDB" {
				return m.Version
			}
		}
	}
	return "unknown"
}
