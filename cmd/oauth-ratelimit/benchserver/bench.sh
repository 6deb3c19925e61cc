#!/usr/bin/env bash
# Measures the limiter middleware's overhead: the same token handler served
# bare and behind the middleware, loaded with wrk (and hey) on loopback at a
# fixed concurrency. The server is pinned to CPU 0 (GOMAXPROCS=1) and the
# load generator to CPU 1, so that they do not compete for a core; both run
# at nice -10 when allowed, so that other work on the machine disturbs them
# less. Bare and limited runs alternate, so that drifting background load
# hits both alike; compare medians over the rounds.
#
# Usage: cmd/oauth-ratelimit/benchserver/bench.sh [rounds] [duration] ["connections ..."] ["handlers ..."]
# Needs: wrk and hey (Debian: apt-get install -y wrk hey), taskset (util-linux).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
rounds=${1:-3}
dur=${2:-10s}
connlist=${3:-"1 16"}
handlers=${4:-"demo fixed"}
nice=""
if nice -n -10 true 2>/dev/null; then nice="nice -n -10"; fi
bin=$(mktemp -d)/benchserver
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" .
port=18181
url="http://127.0.0.1:$port/oauth2/token"

cpu_ticks() { # utime + stime of a process, in clock ticks
	awk '{print $14 + $15}' "/proc/$1/stat"
}

run_one() { # handler limit tool conns
	local handler=$1 limit=$2 tool=$3 conns=$4
	GOMAXPROCS=1 $nice taskset -c 0 "$bin" -listen "127.0.0.1:$port" -handler "$handler" -limit="$limit" 2>/dev/null &
	local pid=$!
	for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
	# warm up (connections, pools, the key)
	$nice taskset -c 1 wrk -t1 -c"$conns" -d2s -s post.lua "$url" >/dev/null
	local out cpu0 cpu1
	if [[ $tool == wrk ]]; then
		cpu0=$(cpu_ticks "$pid")
		out=$($nice taskset -c 1 wrk -t1 -c"$conns" -d"$dur" --latency -s post.lua "$url")
		cpu1=$(cpu_ticks "$pid")
		local rps p50 p99 non2xx n cpu
		rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
		p50=$(awk '$1=="50%" {print $2}' <<<"$out")
		p99=$(awk '$1=="99%" {print $2}' <<<"$out")
		non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
		n=$(awk '/requests in/ {print $1}' <<<"$out")
		# server CPU time per request: immune to time the server spent
		# waiting for a core that other work held
		cpu=$(awk -v t=$((cpu1 - cpu0)) -v hz="$(getconf CLK_TCK)" -v n="$n" 'BEGIN {printf "%.1fus", t / hz * 1e6 / n}')
		printf '%-6s c=%-3s %-8s %-4s rps=%-10s p50=%-9s p99=%-9s cpu/req=%-8s non2xx=%s\n' "$handler" "$conns" "$([[ $limit == true ]] && echo limited || echo bare)" wrk "$rps" "$p50" "$p99" "$cpu" "${non2xx:-0}"
	else
		out=$($nice taskset -c 1 hey -z "$dur" -c "$conns" -m POST -T application/x-www-form-urlencoded \
			-H "Authorization: Basic ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0" -d "grant_type=client_credentials&scope=read" "$url")
		local rps p50 p99 codes
		rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
		p50=$(awk '$1=="50%" {print $3 "s"}' <<<"$out")
		p99=$(awk '$1=="99%" {print $3 "s"}' <<<"$out")
		codes=$(awk '/^ *\[[0-9]+\][ \t]+[0-9]+ responses/ {printf "%s%s ", $1, $2}' <<<"$out")
		printf '%-6s c=%-3s %-8s %-4s rps=%-10s p50=%-9s p99=%-9s status=%s\n' "$handler" "$conns" "$([[ $limit == true ]] && echo limited || echo bare)" hey "$rps" "$p50" "$p99" "$codes"
	fi
	kill "$pid"
	wait "$pid" 2>/dev/null || true
}

echo "# $(date -u +%FT%TZ) $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(go version | cut -d' ' -f3), load $(cut -d' ' -f1-3 /proc/loadavg), $dur per run, ${nice:-no nice}"
for handler in $handlers; do
	for conns in $connlist; do
		for _ in $(seq "$rounds"); do
			run_one "$handler" false wrk "$conns"
			run_one "$handler" true wrk "$conns"
		done
	done
	last=${connlist##* }
	run_one "$handler" false hey "$last"
	run_one "$handler" true hey "$last"
done
