#!/usr/bin/env bash
# Measures what a limiter middleware adds to a token endpoint over HTTP: the
# same handler served bare (none), behind this project's middleware
# (project, and the variants below) and behind go-chi/httprate's, loaded
# with wrk on loopback at a fixed concurrency. The server is pinned to CPU 0
# (GOMAXPROCS=1) and wrk to CPU 1, so that they do not compete for a core;
# both run at nice -10 when allowed. In each round every variant runs once,
# the order rotated by one each round, so drifting background load hits all
# alike; the summary gives per variant the median over the rounds and the
# min–max of the per-round ratios to the bare server of that round.
#
# Variants: none; project (the server's defaults: CoarseClock, 1 ms tick,
# X-RateLimit-* sent); project-nolegacy (--legacy-headers=false);
# project-timenow (--clock-tick 0: time.Now per request); httprate;
# headers (no limiter, only project's five rate-limit headers with
# constant values: what net/http takes to send them); headers-nolegacy
# (the two project-nolegacy sends).
#
# Proxy mode: proxy is a bare net/http/httputil.ReverseProxy (benchserver
# -upstream, built with the transport settings oauth-ratelimit --upstream
# uses) and proxy-project is the oauth-ratelimit binary itself with
# --upstream, the in-memory store and proxy-policy.yaml (limits that never
# deny), each in front of an upstream benchserver serving the handler bare
# (-limiter none), started for the run on CPU 1 with GOMAXPROCS=1, beside
# wrk; the CPU per request is the proxy's alone. none, in the same run, is
# the upstream called directly. When proxy is among the variants, the
# summary gives the ratios to it as well. proxy-idle2 is proxy keeping 2
# idle connections to the upstream, as http.DefaultTransport does a host
# (and oauth-ratelimit did before it kept 100); proxy-project-nolegacy is
# proxy-project with --legacy-headers=false. For proxy-project@TAG,
# BIN_TAG names an oauth-ratelimit binary.
#
# A variant written VARIANT@TAG runs the benchserver binary named by the
# environment variable BIN_TAG instead of the one built here, so that two
# commits are measured in one run with their rounds alternated: build each
# with go build -o, then for example
#   BIN_old=/tmp/benchserver.old bench.sh 5 8s 16 fixed "none project@old project"
#
# Usage: bench/cmd/benchserver/bench.sh [rounds] [duration] ["connections ..."] ["handlers ..."] ["variants ..."]
# BENCH_PORT (default 18181) is the first of its three ports: move it to run beside another run.
# BENCH_TOOL=hey loads with hey instead of wrk (a second load tool, to tell
# whether a ratio is wrk's or the server's): -cpus 1 on CPU 1, -c the
# connections, the request post.lua sends (hey adds User-Agent and
# Accept-Encoding); non2xx counts hey's errors too.
# Needs: wrk (Debian: apt-get install -y wrk) or hey, taskset (util-linux).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
rounds=${1:-3}
dur=${2:-10s}
connlist=${3:-"1 16"}
handlers=${4:-"demo fixed"}
variants=(${5:-none project project-nolegacy project-timenow httprate})
tool=${BENCH_TOOL:-wrk}
case $tool in
wrk | hey) ;;
*) echo "bench.sh: BENCH_TOOL=$tool: wrk or hey" >&2; exit 2 ;;
esac
nice=""
if nice -n -10 true 2>/dev/null; then nice="nice -n -10"; fi
bin=$(mktemp -d)/benchserver
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" .
proxybin=$(dirname "$bin")/oauth-ratelimit
case " ${variants[*]} " in
*" proxy-project"*) (cd ../../.. && go build -o "$proxybin" ./cmd/oauth-ratelimit) ;;
esac
port=${BENCH_PORT:-18181}
uport=$((port + 1)) # the upstream of the proxy variants
aport=$((port + 2)) # oauth-ratelimit's admin listener
url="http://127.0.0.1:$port/oauth2/token"

cpu_ticks() { # utime + stime of a process, in clock ticks
	awk '{print $14 + $15}' "/proc/$1/stat"
}

bin_of() { # variant -> benchserver binary
	case $1 in
	*@*)
		local var="BIN_${1#*@}"
		if [ -z "${!var:-}" ]; then echo "bench.sh: variant $1: set $var to a benchserver binary" >&2; exit 2; fi
		echo "${!var}" ;;
	proxy-project*) echo "$proxybin" ;;
	*) echo "$bin" ;;
	esac
}

flags_of() { # variant -> benchserver flags
	case ${1%@*} in
	none) echo "-limiter none" ;;
	project) echo "-limiter project" ;;
	project-nolegacy) echo "-limiter project -legacy-headers=false" ;;
	project-timenow) echo "-limiter project -clock-tick 0" ;;
	httprate) echo "-limiter httprate" ;;
	headers) echo "-limiter headers" ;;
	headers-nolegacy) echo "-limiter headers -legacy-headers=false" ;;
	proxy) echo "-upstream http://127.0.0.1:$uport" ;;
	proxy-idle2) echo "-upstream http://127.0.0.1:$uport -upstream-idle-conns 2" ;;
	proxy-project) echo "--admin-listen 127.0.0.1:$aport --upstream http://127.0.0.1:$uport --policy $PWD/proxy-policy.yaml --log-level warn" ;;
	proxy-project-nolegacy) echo "--admin-listen 127.0.0.1:$aport --upstream http://127.0.0.1:$uport --policy $PWD/proxy-policy.yaml --log-level warn --legacy-headers=false" ;;
	*) echo "bench.sh: unknown variant $1" >&2; exit 2 ;;
	esac
}

args_of() { # variant handler -> the server's flags: the handler is the upstream's for a proxy
	case ${1%@*} in
	proxy*) echo "-listen 127.0.0.1:$port $(flags_of "$1")" ;;
	*) echo "-listen 127.0.0.1:$port -handler $2 $(flags_of "$1")" ;;
	esac
}

load() { # connections duration: loads the server from CPU 1, prints the tool's output
	case $tool in
	wrk) $nice taskset -c 1 wrk -t1 -c"$1" -d"$2" --latency -s post.lua "$url" ;;
	hey) # the request post.lua sends
		$nice taskset -c 1 hey -cpus 1 -c "$1" -z "$2" -m POST -T application/x-www-form-urlencoded \
			-H "Authorization: Basic ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0" -d "grant_type=client_credentials&scope=read" "$url" ;;
	esac
}

summary_of() { # the tool's output -> "rps p50 p99 requests non2xx"
	case $tool in
	wrk) awk '/^Requests\/sec/ {rps = $2} $1 == "50%" {p50 = $2} $1 == "99%" {p99 = $2}
		/requests in/ {n = $1} /Non-2xx/ {bad = $NF} END {print rps, p50, p99, n, bad + 0}' <<<"$1" ;;
	hey) awk '/Requests\/sec:/ {rps = $2} $1 == "50%" && $2 == "in" {p50 = sprintf("%.2fus", $3 * 1e6)}
		$1 == "99%" && $2 == "in" {p99 = sprintf("%.2fus", $3 * 1e6)}
		/^Status code distribution:/ {st = 1; next} /^Error distribution:/ {st = 0; er = 1; next}
		st && /^ *\[[0-9]+\]/ {c = $1; gsub(/[^0-9]/, "", c); n += $2; if (c !~ /^[23]/) bad += $2}
		er && /^ *\[[0-9]+\]/ {c = $1; gsub(/[^0-9]/, "", c); bad += c}
		END {print rps, p50, p99, n, bad + 0}' <<<"$1" ;;
	esac
}

up="" # the pid of the upstream start_upstream started, if any
start_upstream() { # handler variant: starts the upstream a proxy variant needs
	up=""
	case ${2%@*} in
	proxy*)
		GOMAXPROCS=1 $nice taskset -c 1 "$bin" -listen "127.0.0.1:$uport" -handler "$1" -limiter none 2>/dev/null &
		up=$!
		for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$uport/" && break; sleep 0.1; done ;;
	esac
}

run_one() { # round handler variant conns
	local round=$1 handler=$2 variant=$3 conns=$4
	start_upstream "$handler" "$variant"
	# shellcheck disable=SC2046
	GOMAXPROCS=1 $nice taskset -c 0 "$(bin_of "$variant")" $(args_of "$variant" "$handler") 2>/dev/null &
	local pid=$!
	for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
	# warm up (connections, pools, the key)
	load "$conns" 2s >/dev/null
	local out cpu0 cpu1 rps p50 p99 non2xx n cpu
	cpu0=$(cpu_ticks "$pid")
	out=$(load "$conns" "$dur")
	cpu1=$(cpu_ticks "$pid")
	read -r rps p50 p99 n non2xx <<<"$(summary_of "$out")"
	# server CPU time per request: immune to time the server spent
	# waiting for a core that other work held
	cpu=$(awk -v t=$((cpu1 - cpu0)) -v hz="$(getconf CLK_TCK)" -v n="$n" 'BEGIN {printf "%.2f", t / hz * 1e6 / n}')
	printf 'run round=%s handler=%s c=%s variant=%s rps=%s p50=%s p99=%s cpu_us_per_req=%s non2xx=%s\n' \
		"$round" "$handler" "$conns" "$variant" "$rps" "$p50" "$p99" "$cpu" "${non2xx:-0}"
	kill "$pid" $up
	wait "$pid" $up 2>/dev/null || true
}

for v in "${variants[@]}"; do # fail before the first run, not during
	bin_of "$v" >/dev/null
	flags_of "$v" >/dev/null
done
# The model name alone ("AMD EPYC") names no generation: the family, model,
# stepping and clock do (see bench.CPU).
cpuname=$(awk -F': *' '/^model name/ {n=$2} /^cpu family/ {f=$2} /^model\t/ {m=$2} /^stepping/ {s=$2} /^cpu MHz/ {h=$2} /^$/ {exit} END {printf "%s, family %s, model %s, stepping %s, %s MHz", n, f, m, s, h}' /proc/cpuinfo)
echo "# $(date -u +%FT%TZ) $(nproc) CPUs ($cpuname), $(go version | cut -d' ' -f3), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), load $(cut -d' ' -f1-3 /proc/loadavg), $dur per run, ${nice:-no nice}, $tool"
echo "# bench.sh $rounds $dur \"$connlist\" \"$handlers\" \"${variants[*]}\"$(env | grep '^BIN_' | sort | sed 's/^/ /' | tr -d '\n')"
log=$(mktemp)
for handler in $handlers; do
	for conns in $connlist; do
		for r in $(seq "$rounds"); do
			nv=${#variants[@]}
			for i in $(seq 0 $((nv - 1))); do
				run_one "$r" "$handler" "${variants[$(((i + r - 1) % nv))]}" "$conns" | tee -a "$log"
			done
		done
	done
done
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)"

# Summary: per handler, connections and variant, the medians over the
# rounds of throughput and server CPU per request, and the min–max of the
# per-round ratios of throughput to the bare server's and of the CPU added
# per request over the bare server's (none), and, with proxy among the
# variants, over the bare reverse proxy's.
summary() { # base variant
printf '\nhandler c variant req/s(median) cpu_us/req(median) req/s÷%s(median) [min–max] +cpu_us/req(median) [min–max]\n' "$1"
awk -v base="$1" '
function kv(s,   a) { split(s, a, "="); return a[2] }
/^run / {
	r = kv($2); h = kv($3); c = kv($4); v = kv($5); rps = kv($6) + 0; cpu = kv($9) + 0
	k = h SUBSEP c SUBSEP v; keys[k] = 1; hc[h SUBSEP c] = 1; vs[v] = 1
	RPS[k, r] = rps; CPU[k, r] = cpu; R[r] = 1
}
function med(arr, n,   i, j, t) {
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (arr[j] < arr[i]) { t = arr[i]; arr[i] = arr[j]; arr[j] = t }
	return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2
}
END {
	for (x in hc) {
		split(x, p, SUBSEP)
		for (v in vs) {
			k = x SUBSEP v; if (!(k in keys)) continue
			n = 0; delete a; delete b; delete q; delete d
			for (r in R) if ((k, r) in RPS) {
				n++; a[n] = RPS[k, r]; b[n] = CPU[k, r]
				q[n] = RPS[k, r] / RPS[x SUBSEP base, r]; d[n] = CPU[k, r] - CPU[x SUBSEP base, r]
			}
			lo = 1e9; hi = -1e9; dlo = 1e9; dhi = -1e9
			for (i = 1; i <= n; i++) { if (q[i] < lo) lo = q[i]; if (q[i] > hi) hi = q[i]; if (d[i] < dlo) dlo = d[i]; if (d[i] > dhi) dhi = d[i] }
			qm = med(q, n); dm = med(d, n)
			printf "%-6s %-4s %-17s %8.0f %7.2f %7.3f [%.3f–%.3f] %6.2f [%.2f–%.2f]\n", p[1], p[2], v, med(a, n), med(b, n), qm, lo, hi, dm, dlo, dhi
		}
	}
}' "$log" | sort -k1,1 -k2,2n -k3,3
}
summary none
case " ${variants[*]} " in
*" proxy "*) summary proxy ;;
esac
rm -f "$log"
