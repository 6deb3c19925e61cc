#!/bin/bash
# snap.sh LABEL ADMINPORT PID: the counting metrics, goroutines, FDs, connections
A=${2:-25090}; P=$3
echo "=== $1 $(date -u +%T)"
curl -s 127.0.0.1:$A/metrics | grep -E '^(oauth_ratelimit_(tokens_issued_total|reservations_released_total|decisions_total|attributions_total|refresh_token_users_total)|go_goroutines|process_open_fds|go_memstats_heap_inuse_bytes)' | sort
[ -n "$P" ] && echo "fds(/proc): $(ls /proc/$P/fd | wc -l)  tcp to upstream: $(ss -tnp 2>/dev/null | grep "pid=$P," | grep -c ':25001')  tcp from clients: $(ss -tnp 2>/dev/null | grep "pid=$P," | grep -c '127.0.0.1:25000 ')"
