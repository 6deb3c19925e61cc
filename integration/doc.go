// Package integration holds the end-to-end tests of oauth-ratelimit against a
// real MongoDB wire server; it has no code of its own, only tests.
//
// It is a module of its own (go.mod here, the library replaced by ../), so
// that what only these tests need (testcontainers-go, toxiproxy, the Docker
// client, OpenTelemetry) stays out of the library's go.mod. `go test ./...`
// at the root does not reach it: run `go test ./...` in this directory, or
// `make test` at the root, which runs every module's tests.
//
// The server is chosen once per test binary: the one at MONGODB_URI if that
// is set (make test starts FerretDB v1 on PostgreSQL and sets it); else a
// mongo:7 container started with testcontainers-go where a Docker engine
// runs; else every test skips and says why. Each run works in a database of
// its own, with a random name, dropped at the end, and prints one line naming
// the server and how many scenarios ran against it.
//
// What the tests prove, against that server:
//
//   - the shared Store suite (syncer/storetest) passes on mongostore.Store;
//   - several instances, each with its own cache, syncer and store client,
//     hammering a few hot keys while the network between them and the server
//     fails (outages, connections cut mid-flush, lost answers, by an
//     in-process toxiproxy) and their writes race on versions, end with
//     exactly the committed count per key in the store: nothing lost, nothing
//     counted twice;
//   - the two-instance scenario of Allegro's write-up, step by step;
//   - a write that lands but whose answer is lost is counted once;
//   - with the store down, requests are still decided in microseconds and
//     their counts are written on recovery;
//   - expired documents go: by the server's TTL index on MongoDB, by the
//     syncer's sweep on FerretDB, which refuses TTL indexes; and FerretDB's
//     unordered bulk writes stop at the first error (both divergences are
//     documented by tests that assert what each server does);
//   - two real server processes sharing one database hold a per-client
//     limit globally, and flush their counts when they stop;
//   - three such processes hold a burst that reaches all of them at once
//     to what the store's counts leave, plus up to two (the share: a user
//     new to all three, limit 10, 12 of 60 requests; a client with 80 of
//     100 left, 81 of 300), as syncer's TestShareHoldsBursts does
//     in-process;
//   - with E2E_POLICY_DRILL=1 (make test sets it, in its drills step; 40 s; DRILL_SCALE=1 for the 6.5 minutes that
//     check the limits too), three such processes in proxy mode, whose
//     policy changes one process after another under load (a limit
//     lowered, a window changed and back, a client dropped and added back,
//     a runtime override set and deleted; through the file watcher, SIGHUP
//     and POST /admin/reload, the file renamed or written in place), count
//     every token the upstream issued exactly once in the store, answer with
//     each process's own policy in RateLimit-Policy, and hold the limits as
//     README says (TestPolicyDrill);
//   - with E2E_MODE_DRILL=1 (make test sets it too; about 50 s), three such processes switched
//     from dry-run to enforce and back under load, through the shared mode
//     (POST and DELETE /admin/mode) and through the files' mode rolled one
//     process at a time, one of them restarted in the middle of the rollout
//     (and once on the shared mode): every token counted once in either
//     mode, a key over its limit in dry-run refused at the switch, each
//     answer as its process's mode and file say, the decisions' metrics and
//     the would-deny log as its answers, and a replay's would-deny in
//     dry-run equal to its denials in enforce within 3 (TestModeDrill).
//
// BenchmarkFlushOnce and TestMeasureRoundTrips (INTEGRATION_MEASURE=1)
// produce the figures of BENCHMARKS.md's sync section.
//
// FerretDB's compare-and-swap is not atomic under concurrent writers
// (docs/ferretdb.md point 3): against FerretDB the tests that have several
// writers route them through a small wire proxy that forwards one whole
// command at a time; against MongoDB they run truly concurrently.
package integration
