#!/usr/bin/env bash
# Counts the instructions the benchserver executes per request, for each
# variant of bench.sh: the server (GOMAXPROCS=1) runs under valgrind's
# cachegrind (instruction counts only, no cache simulation), hey sends it a
# fixed number of requests over 16 connections, and the server is stopped;
# this is done at two request counts, and the difference of the two totals
# divided by the difference of the counts is the count per request, free
# of start-up and shutdown.
#
# An instruction count is not a time: it leaves out the kernel (the
# syscalls, the loopback) and says nothing of cache misses. But it does
# not move with the load of the machine (two runs of the same binary agree
# within 0.5 %), so on a shared machine it compares variants and commits
# where a time cannot. Under valgrind the server runs about 50 times
# slower, so the CoarseClock's 1 ms ticker (project) ticks about 50 times
# more per request than at full speed: compare with project-timenow,
# which has none. The limiter's background loop (Run: the flush and sweep
# every SyncInterval, 1 s) is multiplied the same way. project-scaled
# stretches both periods 40 times, about valgrind's slowdown (on this
# machine, 2026-11-23: 0.68 ms of wall time per request on fixed and 1.6 ms
# on demo under valgrind, where wrk's rounds at full speed take 16 and 33 us
# of server CPU per request), so that their work per request is about what
# it is at full speed: its request path is project's.
# project-nolegacy-scaled is project-scaled with --legacy-headers=false;
# headers-nolegacy is headers with the two headers project-nolegacy sends.
#
# GOGC is passed on to the server: GOGC=off leaves out the garbage
# collector (its cycles and write barriers), whose share per request moves
# by several hundred instructions from one run to the next; the default
# counts it, as a real server pays it.
#
# Proxy mode (variants proxy, proxy-project and proxy-project-scaled, as
# in bench.sh): only the proxy runs under valgrind; its upstream, a
# benchserver serving the handler bare, runs at full speed on CPU 1. The
# count is the proxy process's alone; none's, the upstream's own, is the
# base of added_ir_per_req, and with proxy among the variants the count
# added over the bare reverse proxy's is given as well.
# proxy-project-scaled is proxy-project with its clock's tick and sync
# interval stretched 40 times, as project-scaled (and
# proxy-project-nolegacy-scaled with --legacy-headers=false);
# proxy-idle2 and proxy-project-nolegacy as in bench.sh.
#
# BODY sets the request's form (a user grant, say; with the fixed handler
# its token's sub is demo-service) and HEY_FLAGS adds flags to hey's.
#
# Usage: bench/cmd/benchserver/instructions.sh ["handlers ..."] ["variants ..."] [n1] [n2]
# Variants as in bench.sh, VARIANT@TAG included (the binary in BIN_TAG).
# BENCH_PORT (default 18191) is the first of its three ports: move it to run beside another run.
# Needs: valgrind, hey.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
handlers=${1:-"demo fixed"}
variants=(${2:-none headers project project-timenow project-nolegacy httprate})
n1=${3:-1600}
n2=${4:-8000}
bin=$(mktemp -d)/benchserver
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" .
proxybin=$(dirname "$bin")/oauth-ratelimit
case " ${variants[*]} " in
*" proxy-project"*) (cd ../../.. && go build -o "$proxybin" ./cmd/oauth-ratelimit) ;;
esac
port=${BENCH_PORT:-18191}
uport=$((port + 1)) # the upstream of the proxy variants
aport=$((port + 2)) # oauth-ratelimit's admin listener
url="http://127.0.0.1:$port/oauth2/token"

bin_of() { # variant -> benchserver binary
	case $1 in
	*@*)
		local var="BIN_${1#*@}"
		if [ -z "${!var:-}" ]; then echo "instructions.sh: variant $1: set $var to a benchserver binary" >&2; exit 2; fi
		echo "${!var}" ;;
	proxy-project*) echo "$proxybin" ;;
	*) echo "$bin" ;;
	esac
}

flags_of() { # variant -> benchserver flags (as bench.sh)
	case ${1%@*} in
	none) echo "-limiter none" ;;
	project) echo "-limiter project" ;;
	project-nolegacy) echo "-limiter project -legacy-headers=false" ;;
	project-timenow) echo "-limiter project -clock-tick 0" ;;
	project-scaled) echo "-limiter project -clock-tick 40ms -sync-interval 40s" ;;
	project-nolegacy-scaled) echo "-limiter project -legacy-headers=false -clock-tick 40ms -sync-interval 40s" ;;
	httprate) echo "-limiter httprate" ;;
	headers) echo "-limiter headers" ;;
	headers-nolegacy) echo "-limiter headers -legacy-headers=false" ;;
	proxy) echo "-upstream http://127.0.0.1:$uport" ;;
	proxy-idle2) echo "-upstream http://127.0.0.1:$uport -upstream-idle-conns 2" ;;
	proxy-project) echo "--admin-listen 127.0.0.1:$aport --upstream http://127.0.0.1:$uport --policy $PWD/proxy-policy.yaml --log-level warn" ;;
	proxy-project-nolegacy) echo "--admin-listen 127.0.0.1:$aport --upstream http://127.0.0.1:$uport --policy $PWD/proxy-policy.yaml --log-level warn --legacy-headers=false" ;;
	proxy-project-scaled) echo "--admin-listen 127.0.0.1:$aport --upstream http://127.0.0.1:$uport --policy $PWD/proxy-policy.yaml --log-level warn --clock-tick 40ms --sync-interval 40s" ;;
	proxy-project-nolegacy-scaled) echo "--admin-listen 127.0.0.1:$aport --upstream http://127.0.0.1:$uport --policy $PWD/proxy-policy.yaml --log-level warn --legacy-headers=false --clock-tick 40ms --sync-interval 40s" ;;
	*) echo "instructions.sh: unknown variant $1" >&2; exit 2 ;;
	esac
}

args_of() { # variant handler -> the server's flags: the handler is the upstream's for a proxy
	case ${1%@*} in
	proxy*) echo "-listen 127.0.0.1:$port $(flags_of "$1")" ;;
	*) echo "-listen 127.0.0.1:$port -handler $2 $(flags_of "$1")" ;;
	esac
}

up="" # the pid of the upstream start_upstream started, if any
start_upstream() { # handler variant: starts the upstream a proxy variant needs, at full speed
	up=""
	case ${2%@*} in
	proxy*)
		GOMAXPROCS=1 taskset -c 1 "$bin" -listen "127.0.0.1:$uport" -handler "$1" -limiter none >/dev/null 2>&1 &
		up=$!
		for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$uport/" && break; sleep 0.1; done ;;
	esac
}

total() { # handler variant requests -> instructions executed by the server
	local handler=$1 variant=$2 n=$3 out pid
	out=$(mktemp)
	start_upstream "$handler" "$variant" >&2
	# shellcheck disable=SC2046
	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 taskset -c 0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
		"$(bin_of "$variant")" $(args_of "$variant" "$handler") >"$out" 2>&1 &
	pid=$!
	for _ in $(seq 300); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
	# the request of post.lua, unless BODY names another; hey (Go's
	# transport) sends Accept-Encoding: gzip unless HEY_FLAGS has
	# -disable-compression
	# shellcheck disable=SC2086
	taskset -c 1 hey -n "$n" -c 16 -m POST -T application/x-www-form-urlencoded ${HEY_FLAGS:-} \
		-H 'Authorization: Basic ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0' \
		-d "${BODY:-grant_type=client_credentials&scope=read}" "$url" >/dev/null
	kill -INT "$pid"
	wait "$pid" || true
	if [ -n "$up" ]; then kill "$up"; wait "$up" 2>/dev/null || true; fi
	awk '/I *refs:/ {gsub(",", "", $NF); print $NF}' "$out"
	rm -f "$out"
}

for v in "${variants[@]}"; do # fail before the first run, not during
	bin_of "$v" >/dev/null
	flags_of "$v" >/dev/null
done
echo "# $(date -u +%FT%TZ) $(go version | cut -d' ' -f3), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), $(valgrind --version), GOGC=${GOGC:-default}"
echo "# instructions.sh \"$handlers\" \"${variants[*]}\" $n1 $n2 BODY=${BODY:-} HEY_FLAGS=${HEY_FLAGS:-}$(env | grep '^BIN_' | sort | sed 's/^/ /' | tr -d '\n')"
for handler in $handlers; do
	base="" pbase=""
	for v in "${variants[@]}"; do
		a=$(total "$handler" "$v" "$n1")
		b=$(total "$handler" "$v" "$n2")
		per=$(((b - a) / (n2 - n1)))
		[ "$v" = none ] && base=$per
		[ "$v" = proxy ] && pbase=$per
		added=""
		[ -n "$base" ] && [ "$v" != none ] && added=" added_ir_per_req=$((per - base)) ratio_to_none=$(awk -v a="$base" -v b="$per" 'BEGIN {printf "%.3f", a / b}')"
		[ -n "$pbase" ] && [ "$v" != proxy ] && added="$added added_over_proxy=$((per - pbase))"
		printf 'ir handler=%s variant=%s ir_per_req=%s%s (%s at %s, %s at %s)\n' "$handler" "$v" "$per" "$added" "$a" "$n1" "$b" "$n2"
	done
done
