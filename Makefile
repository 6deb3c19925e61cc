# `make test` is the whole check, on a fresh Debian machine too: it installs and starts the
# services (PostgreSQL, FerretDB, promtool, qemu: scripts/test-services.sh), runs every test
# with MONGODB_URI set, the cache's tests on a big-endian machine (qemu), each
# fuzz target for a few seconds, go vet, staticcheck and a gofmt check, and stops
# the services at the end, also on failure. CI runs it through .ci/run.
#
# Variables: GO, PROMTOOL (/usr/bin/promtool), QEMU_S390X (/usr/bin/qemu-s390x[-static]),
# TEST_TIMEOUT (20m), FUZZTIME (5s), ARGS (make run).
# A MONGODB_URI already set in the environment (a real MongoDB) is used instead of FerretDB.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := test
# The steps share the machine's two cores and one FerretDB: never run them in parallel.
.NOTPARALLEL:

ifeq ($(origin GO),undefined)
GO := $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
endif
GOFMT := $(dir $(GO))gofmt
PROMTOOL ?= /usr/bin/promtool
# Debian 12's qemu-user-static installs the first; later releases' qemu-user the second.
QEMU_S390X ?= $(firstword $(wildcard /usr/bin/qemu-s390x-static /usr/bin/qemu-s390x) /usr/bin/qemu-s390x-static)
TEST_TIMEOUT ?= 20m
FUZZTIME ?= 5s
export GO PROMTOOL QEMU_S390X FUZZTIME
export PATH := $(PATH):$(patsubst %/,%,$(dir $(GO))):/usr/bin

.PHONY: test check go-test drills allocs bigendian fuzz vet staticcheck fmt-check run bench soak services services-stop

# Nested modules. Each has a go.mod of its own, so that its dependencies stay out of the
# library's go.mod; `go test ./...` and `go vet ./...` at the root do not enter them, so the
# targets below run in each directory in turn:
#   integration/       end-to-end tests against a MongoDB wire server (testcontainers,
#                      toxiproxy, the driver): tested, fuzzed, vetted
#   bench/             the peers side by side: tested, fuzzed, vetted (`make bench` benchmarks it)
#   tools/ferretdb/    the FerretDB build that the services start: vetted (no tests)
#   tools/testsummary/ the summary of `go test -json`, and racerun (which retries a package
#                      whose test binary died in the race runtime): tested, vetted
TEST_MODULES := . integration bench tools/testsummary
VET_MODULES := $(TEST_MODULES) tools/ferretdb
export TEST_MODULES

## test: set up and start the services, run check against them, stop them
test:
	@scripts/test-services.sh run -- $(MAKE) --no-print-directory check

## check: everything test runs, with the services already there (or MONGODB_URI unset)
check: go-test drills allocs bigendian fuzz vet staticcheck fmt-check
	@cat "$${TEST_SERVICES_DIR:-.tmp}/go-test-summary.txt" 2>/dev/null || true

go-test:
	@mkdir -p .tmp
	@echo "== go test: integration tests use $${MONGODB_SERVER:-no MongoDB server (MONGODB_URI is unset)}"
	@echo "   MONGODB_URI=$${MONGODB_URI:-}"
	@# Every module's events go to one summary (package paths are unique across modules); a
	@# module that fails does not stop the others, and the step fails if any did. racerun
	@# passes go test's events on, and tests once more a package whose binary died inside the
	@# race detector's runtime rather than in a test (golang/go#78156: see its doc).
	@cd tools/testsummary && $(GO) build -o "$(CURDIR)/.tmp/racerun" ./racerun
	{ rc=0; for m in $(TEST_MODULES); do \
		.tmp/racerun -go $(GO) -C $$m -- -race -shuffle=on -count=1 -timeout $(TEST_TIMEOUT) -json ./... 2>&1 || rc=1; \
	done; exit $$rc; } \
		| (cd tools/testsummary && $(GO) run . -summary-file "$${TEST_SERVICES_DIR:-$(CURDIR)/.tmp}/go-test-summary.txt")

## drills: integration/'s two drills of real processes under load, alone after go-test (they
## time three server processes and a load each, and would crowd the packages' tests): a policy
## changed mid-run (TestPolicyDrill, about 40 s) and a rollout from dry-run to enforce with a
## restart (TestModeDrill, about 50 s). Each checks that every token the upstream issued is
## counted once in the store; without MONGODB_URI or a Docker engine they skip and say why.
drills:
	@echo "== drills: a policy changed mid-run, a rollout from dry-run to enforce (about 90 s)"
	E2E_POLICY_DRILL=1 E2E_MODE_DRILL=1 $(GO) test -C integration -count=1 -timeout 10m -run '^(TestPolicyDrill|TestModeDrill)$$' .

## allocs: the tests that skip under -race, once more without it: the allocation assertions
## (the race detector allocates on its own), and the accuracy bound of 32 instances behind a
## slow store (seconds here, minutes under the race detector)
allocs:
	@echo "== allocation tests, and the slow-store accuracy bound, without -race"
	for m in $(TEST_MODULES); do $(GO) test -C $$m -count=1 -run 'Allocs' ./...; done
	$(GO) test -C bench -count=1 -run 'TestSlowStoreManyInstancesBound' ./accuracy/

## bigendian: the cache package's tests on s390x, a big-endian machine, under qemu-user-static
## (scripts/test-services.sh installs it; about a minute on a quiet machine, ten and more under
## load, so its timeout is 30 minutes): the cache reads key bytes as words
## with unsafe loads, in the machine's byte order, and a key's hash must not change with it
## (rebuilds place keys by one hash function, look-ups find them by another). Skipped, and
## said so, where QEMU_S390X is not there.
bigendian:
	@echo "== cache tests on s390x (big-endian) under $(QEMU_S390X)"
	@if [[ ! -x "$(QEMU_S390X)" ]]; then echo "   skipped: no $(QEMU_S390X) (scripts/test-services.sh installs qemu-user-static)"; \
	else GOARCH=s390x $(GO) test -count=1 -timeout 30m -exec "$(QEMU_S390X)" ./cache; fi

fuzz:
	@echo "== fuzz ($(FUZZTIME) per target)"
	@scripts/fuzz.sh

vet:
	@echo "== go vet"
	for m in $(VET_MODULES); do echo "   $$m"; $(GO) vet -C $$m ./...; done

# staticcheck at a pinned version, fetched through the module proxy (not a
# dependency of any module here); its build is cached like any other.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
staticcheck:
	@echo "== staticcheck ($(STATICCHECK))"
	for m in $(VET_MODULES); do echo "   $$m"; (cd $$m && $(GO) run $(STATICCHECK) ./...); done

fmt-check:
	@echo "== gofmt"
	@files=$$(find . -name '*.go' -not -path './.tmp/*' -not -path './.git/*' -not -path '*/testdata/*' -print0 \
		| xargs -0 -r $(GOFMT) -l); \
	if [[ -n "$$files" ]]; then echo "gofmt: these files need gofmt -w:"; echo "$$files"; exit 1; fi

## run: the server; flags after ARGS=, e.g. make run ARGS='-help'
run:
	$(GO) run ./cmd/oauth-ratelimit $(ARGS)

## bench: the peer comparison, quick (3 rounds, 100ms per benchmark; a few minutes): bench/ is
## its own module (the peers stay out of go.mod), which `go test ./...` here does not enter,
## so this cds into it. The full run, for figures to quote:
##   cd bench && go run ./cmd/benchratio -rounds 5 -benchtime 1s
## and per benchmark, for benchstat: cd bench && go test -run='^$' -bench=. -count=6
## This repository's own benchmarks (cache, window, middleware):
##   go test -run='^$' -bench=. -benchmem ./...
bench:
	cd bench && $(GO) run ./cmd/benchratio -rounds 3 -benchtime 100ms

## soak: the sync protocol's simulation (syncer/sim_test.go) over many seeds, under -race
## (SOAK_SEEDS, default 200: about 4 s a seed on 2 cores); `make test` runs 2 seeds.
## A failure prints its seed; replay it with SYNCER_SIM_SEED=<seed> (SYNCER_SIM_TRACE=1 traces).
SOAK_SEEDS ?= 200
soak:
	SYNCER_SIM_SEEDS=$(SOAK_SEEDS) $(GO) test -race -count=1 -timeout 4h -run TestSimulation ./syncer/

## services: start PostgreSQL + FerretDB and leave them running; `source .tmp/services.env`
services:
	@scripts/test-services.sh start

services-stop:
	@scripts/test-services.sh stop
