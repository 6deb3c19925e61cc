#!/usr/bin/env bash
# test-services.sh: the servers the tests need on a machine with no Docker and no mongod.
#
# Installs (only if missing) Debian's postgresql, prometheus (for promtool) and
# qemu-user-static (an s390x, big-endian, for `make bigendian`), starts the
# PostgreSQL cluster, creates a fresh database, builds tools/ferretdb and starts FerretDB v1
# on 127.0.0.1 on a free port, waits until it answers on the wire, and exports:
#
#   MONGODB_URI              mongodb://127.0.0.1:PORT/ (FerretDB on PostgreSQL)
#   MONGODB_SERVER           one line naming that server, for test logs
#   FERRETDB_BIN             the built FerretDB binary (tests may start their own)
#   FERRETDB_POSTGRESQL_URL  the PostgreSQL database behind MONGODB_URI
#   PROMTOOL                 /usr/bin/promtool
#   QEMU_S390X               the s390x emulator: /usr/bin/qemu-s390x-static (Debian 12's
#                            qemu-user-static), or /usr/bin/qemu-s390x where a later
#                            release's qemu-user installs it instead
#   TEST_SERVICES_DIR        this run's directory under .tmp/services/ (logs)
#
# Usage:
#   scripts/test-services.sh run -- CMD [ARGS...]  start, run CMD with the variables set, stop
#                                                  on exit (even on failure); exits with CMD's code
#   scripts/test-services.sh start [ENV_FILE]      start and leave running (for manual use); writes
#                                                  ENV_FILE (default .tmp/services.env) to `source`
#   scripts/test-services.sh stop [ENV_FILE]       stop what `start` started, drop its database
#
# If MONGODB_URI is already set (a real MongoDB), it is used as is and FerretDB is not started.
# Tunables (seconds): TEST_SERVICES_APT_TIMEOUT (1200), FERRETDB_BUILD_TIMEOUT (900),
# PG_START_TIMEOUT (60), FERRETDB_START_TIMEOUT (60); FERRETDB_LOG_LEVEL (warn).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TMP="$ROOT/.tmp"
GO="${GO:-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"
PROMTOOL="${PROMTOOL:-/usr/bin/promtool}"
APT_TIMEOUT="${TEST_SERVICES_APT_TIMEOUT:-1200}"
BUILD_TIMEOUT="${FERRETDB_BUILD_TIMEOUT:-900}"
PG_START_TIMEOUT="${PG_START_TIMEOUT:-60}"
FERRETDB_START_TIMEOUT="${FERRETDB_START_TIMEOUT:-60}"
PG_ROLE=oauth_ratelimit_test
PG_PASSWORD=oauth_ratelimit_test # a throwaway role on a loopback-only test cluster
DB_PREFIX=oauthrl_test_

say() { echo "test-services: $*" >&2; }

# die MESSAGE [LOGFILE...]: print the message and the tail of each log, then fail.
die() {
	local msg="$1" f
	shift
	for f in "$@"; do
		if [[ -s "$f" ]]; then
			echo "----- last lines of $f -----" >&2
			tail -n 60 "$f" >&2
			echo "-----" >&2
		fi
	done
	say "ERROR: $msg"
	exit 1
}

now_ms() { date +%s%3N; }

as_root() {
	if [[ $EUID -eq 0 ]]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo -n "$@"
	else
		die "need root for: $* (run as root, or install postgresql, prometheus and qemu-user-static yourself)"
	fi
}

as_postgres() {
	if [[ $EUID -eq 0 ]]; then
		runuser -u postgres -- "$@"
	else
		sudo -n -u postgres "$@"
	fi
}

# ---- packages ---------------------------------------------------------------------------

pg_installed() { command -v pg_ctlcluster >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; }

missing_packages() { # $1 = "pg" if PostgreSQL is needed too
	[[ "${1:-}" != pg ]] || pg_installed || echo postgresql
	[[ -x "$PROMTOOL" ]] || echo prometheus
	qemu_s390x >/dev/null || echo qemu-user-static
}

# qemu_s390x prints the s390x user-mode emulator's path (QEMU_S390X if it names one), or fails.
qemu_s390x() {
	local p
	for p in "${QEMU_S390X:-}" /usr/bin/qemu-s390x-static /usr/bin/qemu-s390x; do
		if [[ -n "$p" && -x "$p" ]]; then
			echo "$p"
			return 0
		fi
	done
	return 1
}

ensure_packages() { # $1 = "pg" if PostgreSQL is needed too
	local want log="$RUN_DIR/apt.log" t0 attempt updated=0
	want=$(missing_packages "${1:-}" | xargs)
	[[ -n "$want" ]] || return 0
	t0=$(now_ms)
	export DEBIAN_FRONTEND=noninteractive
	# Retried: an apt-get run by someone else at the same time can make ours fail (seen here:
	# dpkg "cannot access archive"); DPkg::Lock::Timeout only covers the dpkg lock.
	for attempt in 1 2 3; do
		say "installing $want with apt-get (attempt $attempt, log: $log)"
		if ((updated == 0)); then
			if as_root timeout "$APT_TIMEOUT" apt-get -o DPkg::Lock::Timeout=300 update >>"$log" 2>&1; then
				updated=1
			else
				say "apt-get update failed"
			fi
		fi
		# shellcheck disable=SC2086 # $want is a list of package names
		as_root timeout "$APT_TIMEOUT" apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends $want >>"$log" 2>&1 || true
		want=$(missing_packages "${1:-}" | xargs)
		if [[ -z "$want" ]]; then
			say "installed in $(( ($(now_ms) - t0) / 1000 ))s"
			return 0
		fi
		((attempt == 3)) || sleep 10
	done
	die "could not install $want with apt-get (need pg_ctlcluster, /usr/lib/postgresql/*/bin/postgres, $PROMTOOL, /usr/bin/qemu-s390x-static)" "$log"
}

# ---- PostgreSQL -------------------------------------------------------------------------

# Sets PG_VERSION, PG_CLUSTER, PG_PORT and starts the cluster if it is down.
start_postgres() {
	local line status logfile t0
	line=$(pg_lsclusters -h 2>/dev/null | sort -k1,1V | tail -n 1 || true)
	if [[ -z "$line" ]]; then
		PG_VERSION=$(basename "$(compgen -G '/usr/lib/postgresql/*/bin/postgres' | sort -V | tail -n 1 | xargs dirname | xargs dirname)")
		say "no PostgreSQL cluster: creating $PG_VERSION/main"
		as_root pg_createcluster "$PG_VERSION" main >"$RUN_DIR/pg.log" 2>&1 ||
			die "pg_createcluster $PG_VERSION main failed" "$RUN_DIR/pg.log"
		line=$(pg_lsclusters -h | sort -k1,1V | tail -n 1)
	fi
	read -r PG_VERSION PG_CLUSTER PG_PORT status _ _ logfile <<<"$line"
	if [[ "$status" != online* ]]; then
		t0=$(now_ms)
		if ! as_root timeout "$PG_START_TIMEOUT" pg_ctlcluster --skip-systemctl-redirect "$PG_VERSION" "$PG_CLUSTER" start >>"$RUN_DIR/pg.log" 2>&1; then
			# Another run may have started it meanwhile ("Cluster is already running", exit 2).
			pg_lsclusters -h | grep -q "^$PG_VERSION  *$PG_CLUSTER .* online" ||
				die "could not start PostgreSQL $PG_VERSION/$PG_CLUSTER" "$RUN_DIR/pg.log" "$logfile"
		fi
		say "started PostgreSQL $PG_VERSION/$PG_CLUSTER on port $PG_PORT in $(( ($(now_ms) - t0) / 1000 ))s"
	fi
	local deadline=$((SECONDS + PG_START_TIMEOUT))
	until pg_isready -q -h 127.0.0.1 -p "$PG_PORT"; do
		((SECONDS < deadline)) || die "PostgreSQL on 127.0.0.1:$PG_PORT not ready after ${PG_START_TIMEOUT}s" "$logfile"
		sleep 0.2
	done
}

psql_admin() {
	as_postgres timeout 60 psql -X -q -v ON_ERROR_STOP=1 -p "$PG_PORT" -d postgres -tA "$@"
}

# Creates the role (idempotent, safe against concurrent runs) and a fresh database; sets PG_DB.
create_database() {
	# One statement, so concurrent runs neither fail on an existing role nor race on ALTER.
	psql_admin -c "DO \$\$BEGIN
			CREATE ROLE $PG_ROLE LOGIN CREATEDB PASSWORD '$PG_PASSWORD';
		EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
		END\$\$;" >>"$RUN_DIR/pg.log" 2>&1 ||
		die "could not create PostgreSQL role $PG_ROLE" "$RUN_DIR/pg.log"

	# Drop databases left by runs that died over two hours ago; a database still in use
	# cannot be dropped (no FORCE), so a live run is never touched.
	local old cutoff
	cutoff=$(($(date +%s) - 7200))
	for old in $(psql_admin -c "SELECT datname FROM pg_database WHERE datname LIKE '${DB_PREFIX}%'" 2>>"$RUN_DIR/pg.log"); do
		if [[ "$old" =~ ^${DB_PREFIX}([0-9]+)_ ]] && ((BASH_REMATCH[1] < cutoff)); then
			psql_admin -c "DROP DATABASE IF EXISTS \"$old\"" >>"$RUN_DIR/pg.log" 2>&1 || true
		fi
	done

	PG_DB="${DB_PREFIX}$(date +%s)_$$"
	psql_admin -c "CREATE DATABASE \"$PG_DB\" OWNER $PG_ROLE" >>"$RUN_DIR/pg.log" 2>&1 ||
		die "could not create database $PG_DB" "$RUN_DIR/pg.log"
	PG_SERVER_VERSION=$(psql_admin -c "SHOW server_version" 2>/dev/null | awk '{print $1}')
	FERRETDB_POSTGRESQL_URL="postgres://$PG_ROLE:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_DB"
}

drop_database() { # $1 = database, $2 = port
	[[ -n "${1:-}" && -n "${2:-}" ]] || return 0
	PG_PORT="$2" psql_admin -c "DROP DATABASE IF EXISTS \"$1\" WITH (FORCE)" >/dev/null 2>&1 ||
		say "warning: could not drop database $1"
}

# ---- FerretDB ---------------------------------------------------------------------------

# Builds in the background so it overlaps apt-get and PostgreSQL start; wait_build joins it.
start_build() {
	FERRETDB_BIN="$TMP/bin/ferretdb"
	mkdir -p "$TMP/bin"
	BUILD_T0=$(now_ms)
	# Own process group, so stop_all can end the whole build if start-up fails meanwhile.
	# Built under a temporary name and renamed: concurrent runs never see a partial binary.
	# (No `timeout` here: it would move the build into a process group of its own.)
	setsid bash -c 'cd "$1" && "$2" build -o "$3.$$.tmp" . && mv -f "$3.$$.tmp" "$3"' \
		build "$ROOT/tools/ferretdb" "$GO" "$FERRETDB_BIN" >"$RUN_DIR/build.log" 2>&1 </dev/null &
	BUILD_PID=$!
}

wait_build() {
	local rc=0 deadline=$((SECONDS + BUILD_TIMEOUT))
	while kill -0 "$BUILD_PID" 2>/dev/null; do
		((SECONDS < deadline)) ||
			die "building tools/ferretdb took over ${BUILD_TIMEOUT}s (a cold build takes about a minute on 2 cores)" "$RUN_DIR/build.log"
		sleep 0.5
	done
	wait "$BUILD_PID" || rc=$?
	BUILD_PID=""
	((rc == 0)) || die "building tools/ferretdb failed" "$RUN_DIR/build.log"
	say "built $FERRETDB_BIN in $(( ($(now_ms) - BUILD_T0) / 1000 ))s"
}

start_ferretdb() {
	local log="$RUN_DIR/ferretdb.log" uri_file="$RUN_DIR/uri" t0 deadline
	t0=$(now_ms)
	setsid "$FERRETDB_BIN" -listen-addr 127.0.0.1:0 -postgresql-url "$FERRETDB_POSTGRESQL_URL" \
		-uri-file "$uri_file" -log-level "${FERRETDB_LOG_LEVEL:-warn}" -exit-with "${EXIT_WITH:-0}" >"$log" 2>&1 </dev/null &
	FERRETDB_PID=$!
	echo "$FERRETDB_PID" >"$RUN_DIR/ferretdb.pid"

	deadline=$((SECONDS + FERRETDB_START_TIMEOUT))
	until [[ -s "$uri_file" ]]; do
		kill -0 "$FERRETDB_PID" 2>/dev/null || die "FerretDB exited during start-up" "$log"
		((SECONDS < deadline)) || die "FerretDB did not listen within ${FERRETDB_START_TIMEOUT}s" "$log"
		sleep 0.1
	done
	MONGODB_URI=$(<"$uri_file")
	# Answering ping on the wire also proves FerretDB reached PostgreSQL.
	local left=$((deadline - SECONDS))
	((left > 0)) || left=1
	MONGODB_SERVER=$("$FERRETDB_BIN" -ping "$MONGODB_URI" -wait "${left}s" 2>>"$log") ||
		die "FerretDB at $MONGODB_URI did not answer ping within ${FERRETDB_START_TIMEOUT}s" "$log"
	MONGODB_SERVER="$MONGODB_SERVER, handler postgresql on PostgreSQL ${PG_SERVER_VERSION:-?} database $PG_DB"
	say "FerretDB answered in $(($(now_ms) - t0)) ms (pid $FERRETDB_PID, log $log)"
}

stop_ferretdb() { # $1 = pid
	local pid="${1:-}" i
	[[ -n "$pid" ]] || return 0
	# Only signal the process if it is still our FerretDB binary (the pid may have been reused).
	[[ "$(readlink "/proc/$pid/exe" 2>/dev/null || true)" == "$TMP/bin/ferretdb"* ]] || return 0
	kill -TERM "$pid" 2>/dev/null || return 0
	for ((i = 0; i < 100; i++)); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.1
	done
	say "FerretDB pid $pid ignored SIGTERM for 10s: killing it"
	kill -KILL "$pid" 2>/dev/null || true
}

# ---- env file ---------------------------------------------------------------------------

write_env() { # $1 = file
	local tmp="$1.$$.tmp" v
	: >"$tmp"
	for v in MONGODB_URI MONGODB_SERVER FERRETDB_BIN FERRETDB_POSTGRESQL_URL FERRETDB_PID PROMTOOL \
		QEMU_S390X TEST_SERVICES_DIR TEST_SERVICES_PG_DB TEST_SERVICES_PG_PORT; do
		printf 'export %s=%q\n' "$v" "${!v-}" >>"$tmp"
	done
	mv -f "$tmp" "$1"
}

# ---- commands ---------------------------------------------------------------------------

# Starts everything; on return the variables listed at the top are set and exported.
start_all() {
	mkdir -p "$TMP/services"
	# Keep the logs of the last two days of runs.
	find "$TMP/services" -mindepth 1 -maxdepth 1 -type d -mtime +2 -exec rm -rf {} + 2>/dev/null || true
	RUN_DIR=$(mktemp -d "$TMP/services/$(date +%Y%m%d-%H%M%S)-XXXX")
	TEST_SERVICES_DIR="$RUN_DIR"
	FERRETDB_PID="" FERRETDB_BIN="" FERRETDB_POSTGRESQL_URL="" TEST_SERVICES_PG_DB="" TEST_SERVICES_PG_PORT=""

	if [[ -n "${MONGODB_URI:-}" ]]; then
		say "MONGODB_URI is set: tests use that server; FerretDB is not started"
		MONGODB_SERVER="${MONGODB_SERVER:-the server at MONGODB_URI from the environment}"
		ensure_packages
	else
		command -v "$GO" >/dev/null || die "no go toolchain at $GO (set GO=/path/to/go)"
		start_build
		ensure_packages pg
		start_postgres
		create_database
		TEST_SERVICES_PG_DB="$PG_DB" TEST_SERVICES_PG_PORT="$PG_PORT"
		wait_build
		start_ferretdb
	fi
	QEMU_S390X=$(qemu_s390x || true)
	export MONGODB_URI MONGODB_SERVER FERRETDB_BIN FERRETDB_POSTGRESQL_URL FERRETDB_PID PROMTOOL \
		QEMU_S390X TEST_SERVICES_DIR TEST_SERVICES_PG_DB TEST_SERVICES_PG_PORT
	write_env "$RUN_DIR/env"
	say "MongoDB server for the tests: $MONGODB_SERVER"
	say "MONGODB_URI=$MONGODB_URI"
}

stop_all() {
	if [[ -n "${BUILD_PID:-}" ]]; then
		kill -TERM -- "-$BUILD_PID" 2>/dev/null || true
	fi
	stop_ferretdb "${FERRETDB_PID:-}"
	drop_database "${TEST_SERVICES_PG_DB:-}" "${TEST_SERVICES_PG_PORT:-}"
}

cmd_run() {
	[[ "${1:-}" == "--" ]] && shift
	[[ $# -gt 0 ]] || die "usage: $0 run -- CMD [ARGS...]"
	STARTED=0
	EXIT_WITH=$$ # FerretDB stops by itself should this script be killed with SIGKILL
	on_exit() {
		local rc=$?
		trap - EXIT INT TERM
		if [[ -n "${RUN_DIR:-}" && $rc -ne 0 && -s "$RUN_DIR/ferretdb.log" && "$STARTED" == 1 ]]; then
			echo "----- last lines of $RUN_DIR/ferretdb.log -----" >&2
			tail -n 40 "$RUN_DIR/ferretdb.log" >&2
		fi
		stop_all
		exit "$rc"
	}
	trap on_exit EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	start_all
	STARTED=1
	local rc=0
	"$@" || rc=$?
	return "$rc"
}

cmd_start() {
	local env_file="${1:-$TMP/services.env}"
	if [[ -s "$env_file" ]]; then
		# Idempotent: reuse a FerretDB that a previous `start` left running and that still answers.
		(
			set +u
			# shellcheck disable=SC1090
			source "$env_file"
			[[ -n "$FERRETDB_PID" && -n "$FERRETDB_BIN" ]] && kill -0 "$FERRETDB_PID" 2>/dev/null &&
				"$FERRETDB_BIN" -ping "$MONGODB_URI" -wait 5s >/dev/null 2>&1
		) && {
			say "already running; source $env_file"
			cat "$env_file"
			return 0
		}
		cmd_stop "$env_file"
	fi
	trap 'rc=$?; trap - EXIT; [[ $rc -eq 0 ]] || stop_all; exit $rc' EXIT
	start_all
	mkdir -p "$(dirname "$env_file")"
	cp "$RUN_DIR/env" "$env_file"
	trap - EXIT
	say "running; use it with: source $env_file   stop it with: $0 stop"
	cat "$env_file"
}

cmd_stop() {
	local env_file="${1:-$TMP/services.env}"
	[[ -s "$env_file" ]] || {
		say "nothing to stop ($env_file not found)"
		return 0
	}
	(
		set +u
		# shellcheck disable=SC1090
		source "$env_file"
		stop_all
	)
	rm -f "$env_file"
	say "stopped"
}

case "${1:-}" in
run) shift; cmd_run "$@" ;;
start) shift; cmd_start "$@" ;;
stop) shift; cmd_stop "$@" ;;
*)
	echo "usage: $0 run -- CMD [ARGS...] | start [ENV_FILE] | stop [ENV_FILE]" >&2
	exit 2
	;;
esac
