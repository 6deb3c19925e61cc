#!/bin/bash
# snap.sh LABEL: selected metrics, readyz and RSS of the three instances
cd /tmp/s25/h100/run
for i in 1 2 3; do
  m=$(curl -s -m 5 127.0.0.1:2530$i/metrics)
  rss=$(awk '/VmRSS/{print $2}' /proc/$(cat i$i.pid)/status)
  echo "$1 $(date -u +%T) i$i rss_kb=$rss readyz=$(curl -s -m 5 127.0.0.1:2530$i/readyz | tr -d '\n' | cut -c1-160)"
  echo "$m" | grep -E '^(go_goroutines|oauth_ratelimit_sync_batch_size|oauth_ratelimit_store_up|oauth_ratelimit_store_outage|oauth_ratelimit_sync_deferred_writes_total|oauth_ratelimit_sync_store_errors_total|oauth_ratelimit_sync_flushes_total|oauth_ratelimit_sync_snapshot_age_seconds|oauth_ratelimit_sync_flush_duration_seconds_(sum|count)|oauth_ratelimit_live_instances|oauth_ratelimit_sync_conflicts_total|oauth_ratelimit_sync_increment_writes_total|oauth_ratelimit_cache_dropped_counts_total|oauth_ratelimit_sync_dirty|oauth_ratelimit_sync_pending|oauth_ratelimit_sync_unknown_outcomes_total|oauth_ratelimit_sync_unsettled_writes)' | sed "s/^/  i$i /"
done
