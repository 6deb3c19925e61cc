package dashboards

// This file is the contract between the dashboards and the Go packages that
// export the metrics: the one place to update when a metric or a label is added,
// renamed or removed. The tests fail when a dashboard or an alert uses anything
// that is not listed here, and the live test serves every series listed here.

// metricKind is the Prometheus metric type.
type metricKind string

const (
	counter   metricKind = "counter"
	gauge     metricKind = "gauge"
	histogram metricKind = "histogram"
)

// metricSpec is one exported metric family. labels maps each label name to its
// allowed values; a nil slice means "any value" (bounded by the exporter, not
// enumerated here).
type metricSpec struct {
	name   string
	kind   metricKind
	help   string
	labels map[string][]string
}

// Label values that are bounded enums in the code.
var (
	decisions = []string{"allowed", "denied", "dry_run_denied", "trusted_over_limit", "unattributed"}
	// grantTypes are policy.Grant.String() values.
	grantTypes = []string{"authorization_code", "refresh_token", "password", "client_credentials",
		"device_code", "jwt_bearer", "token_exchange", "other"}
	scopes       = []string{"client", "user", "aggregate"}
	attributions = []string{"under_limit", "over_limit", "no_subject"}
	// badReasons are internal/tokenrequest's reasonNames.
	badReasons = []string{"content_type", "body_too_large", "body_unreadable", "semicolon",
		"bad_escape", "duplicate_parameter", "multiple_auth_methods", "client_id_mismatch",
		"malformed_basic", "malformed_assertion", "parameter_in_query", "multiple_authorization_headers",
		"identity_too_long", "content_encoding"}
	evictReasons   = []string{"idle", "cap"}
	results        = []string{"ok", "error"}
	storeOps       = []string{"write", "load", "sweep", "heartbeat"}
	reloadResults  = []string{"success", "failure"}
	overrideStates = []string{"applied", "skipped"}
	refreshSources = []string{"learned", "jwt", "unknown"}
	subjectOps     = []string{"put", "read"}
	finalOutcomes  = []string{"never_written", "unknown"}
	anyValue       []string // nil: not enumerated
	targetLabels   = []string{"instance", "job"}
	metricsPrefix  = "oauth_ratelimit_"
	histogramLabel = "le"
)

// knownMetrics are all the metrics oauth-ratelimit exports (the root
// package's, with its syncer's and its refresh-token bindings', which
// TestContractMatchesTheLibrary gathers from a Limiter, and the server's own
// in cmd/oauth-ratelimit: reload.go and store.go, see serverMetrics), plus
// Prometheus' own up. The client label
// is a configured client ID, or "other" for every client the policy does not
// configure.
var knownMetrics = []metricSpec{
	{"oauth_ratelimit_decisions_total", counter, "Rate-limit decisions by client, grant type and outcome.",
		map[string][]string{"client": anyValue, "grant_type": grantTypes, "decision": decisions}},
	{"oauth_ratelimit_tokens_issued_total", counter, "Tokens issued by the downstream token endpoint (2xx): the requests that spent quota.",
		map[string][]string{"client": anyValue, "grant_type": grantTypes}},
	{"oauth_ratelimit_reservations_released_total", counter, "Admitted requests whose reservation was returned because the downstream did not answer 2xx.",
		map[string][]string{"client": anyValue, "grant_type": grantTypes}},
	{"oauth_ratelimit_soft_limit_exceeded_total", counter, "Requests that passed the soft limit of a tier.",
		map[string][]string{"client": anyValue}},
	{"oauth_ratelimit_bad_requests_total", counter, "Token requests rejected before a decision, by reason.",
		map[string][]string{"reason": badReasons}},
	{"oauth_ratelimit_attributions_total", counter, "User-grant tokens attributed after issuance to the sub of the issued JWT.",
		map[string][]string{"client": anyValue, "grant_type": grantTypes, "result": attributions}},
	{"oauth_ratelimit_policy_dry_run", gauge, "1 if the client is in dry-run, 0 if enforced.",
		map[string][]string{"client": anyValue}},
	{"oauth_ratelimit_policy_limit", gauge, "Configured limit per window.",
		map[string][]string{"client": anyValue, "scope": scopes, "window_seconds": anyValue}},
	{"oauth_ratelimit_refresh_token_users_total", counter, "refresh_token grants by how their user was known before issuance: learned, jwt, or unknown.",
		map[string][]string{"source": refreshSources}},
	{"oauth_ratelimit_refresh_subjects", gauge, "Refresh-token bindings held in memory.", nil},
	{"oauth_ratelimit_refresh_subjects_learned_total", counter, "Refresh-token bindings learned from token responses on this instance.", nil},
	{"oauth_ratelimit_refresh_subjects_pulled_total", counter, "Refresh-token bindings read from the store that this instance did not hold.", nil},
	{"oauth_ratelimit_refresh_subjects_written_total", counter, "Refresh-token bindings written to the store.", nil},
	{"oauth_ratelimit_refresh_subject_evictions_total", counter, "Refresh-token bindings dropped from memory before expiry because MaxEntries were held.", nil},
	{"oauth_ratelimit_refresh_subjects_dropped_total", counter, "Refresh-token bindings never written to the store because MaxEntries waited already.", nil},
	{"oauth_ratelimit_refresh_subjects_store_errors_total", counter, "Store calls for refresh-token bindings that failed, by operation.",
		map[string][]string{"op": subjectOps}},
	{"oauth_ratelimit_instance_info", gauge, "Always 1; the instance's ID and version.",
		map[string][]string{"id": anyValue, "version": anyValue}},
	{"oauth_ratelimit_cache_keys", gauge, "Keys in the in-memory cache.", nil},
	{"oauth_ratelimit_cache_evictions_total", counter, "Keys evicted from the cache, by reason.",
		map[string][]string{"reason": evictReasons}},
	{"oauth_ratelimit_cache_detached_keys", gauge, "Evicted keys held until their counts are flushed.", nil},
	{"oauth_ratelimit_cache_window_size_codes", gauge, "Window sizes the in-memory cache has given a code (at most 15).", nil},
	{"oauth_ratelimit_cache_dropped_counts_total", counter, "Counts dropped with evicted keys beyond the cap.", nil},
	{"oauth_ratelimit_share_refusals_total", counter, "Token requests refused by this instance's share of a key other instances count too, under the limit.", nil},
	{"oauth_ratelimit_cache_reset_dropped_counts_total", counter, "Counts not yet written to the store when their key was reset: cleared by the reset.", nil},
	{"oauth_ratelimit_policy_overrides", gauge, "Runtime overrides read from the store, by state: applied, or skipped (this instance cannot use it).",
		map[string][]string{"state": overrideStates}},
	{"oauth_ratelimit_sync_flushes_total", counter, "Flush cycles by result.",
		map[string][]string{"result": results}},
	{"oauth_ratelimit_sync_flush_duration_seconds", histogram, "Duration of one flush cycle.", nil},
	{"oauth_ratelimit_sync_keys_written_total", counter, "Keys written to the store.", nil},
	{"oauth_ratelimit_sync_conflicts_total", counter, "Writes that met a newer version in the store.", nil},
	{"oauth_ratelimit_sync_increment_writes_total", counter, "Writes of a key's counts as increments rather than a compare-and-swap of its document (a write another instance's refused, or a key other instances wrote lately too), resends included: no other writer can refuse one.", nil},
	{"oauth_ratelimit_sync_deferred_writes_total", counter, "Keys whose write lost every compare-and-swap round of a flush and waits for the next.", nil},
	{"oauth_ratelimit_sync_unknown_outcomes_total", counter, "Writes whose acknowledgement was lost.", nil},
	{"oauth_ratelimit_sync_unreadable_documents_total", counter, "Documents read from the store that could not be read (a field holding what no write puts there), at each read.", nil},
	{"oauth_ratelimit_sync_final_flush_unwritten_counts_total", counter, "Requests (in cost units) the final flush at a stop left out of the store when it gave up, by outcome: never written, or in writes whose answer was lost.",
		map[string][]string{"outcome": finalOutcomes}},
	{"oauth_ratelimit_sync_final_flush_unwritten_keys_total", counter, "Keys whose counts the final flush at a stop left out of the store when it gave up.", nil},
	{"oauth_ratelimit_sync_resets_total", counter, "Keys this instance reset in the store, for every instance.", nil},
	{"oauth_ratelimit_sync_reset_cleared_counts_total", counter, "Requests the store's documents counted when this instance reset them.", nil},
	{"oauth_ratelimit_sync_store_requests_total", counter, "Requests sent to the store, by operation.",
		map[string][]string{"op": storeOps}},
	{"oauth_ratelimit_sync_store_errors_total", counter, "Failed store requests, by operation.",
		map[string][]string{"op": storeOps}},
	{"oauth_ratelimit_sync_pulls_total", counter, "Snapshot pulls by result.",
		map[string][]string{"result": results}},
	{"oauth_ratelimit_sync_snapshot_age_seconds", gauge, "Age of the shared counts this instance decides with.", nil},
	{"oauth_ratelimit_sync_dirty_keys", gauge, "Keys the last flush wrote or tried to write.", nil},
	{"oauth_ratelimit_sync_unsettled_writes", gauge, "Writes whose answer was lost and that the next flush must read back.", nil},
	{"oauth_ratelimit_sync_batch_size", gauge, "The most writes or keys one store call carries now.",
		map[string][]string{"op": {"write", "load"}}},
	{"oauth_ratelimit_sync_last_flush_timestamp_seconds", gauge, "Unix time of the last successful flush.", nil},
	{"oauth_ratelimit_live_instances", gauge, "Instances live at this instance's last read of the heartbeats, itself included.", nil},
	{"oauth_ratelimit_fleet_tier_instances", gauge, "Other live instances whose policies add tiers, in window sizes this one's does not have, that this one counts in (and, with --fleet-tiers enforce, enforces): a rollout under way, or an instance on another policy against the same store (GET /admin/policy names them).", nil},
	{"oauth_ratelimit_clock_skew_seconds", gauge, "The largest clock skew between this instance and a live other that their heartbeats show (at least this much; known to within a sync interval), in seconds, either way.", nil},
	{"oauth_ratelimit_duplicate_instance", gauge, "1 while another process beats under this instance's ID (seen at one of its last two checks, every tenth heartbeat), else 0: give each process its own ID.", nil},
	{"oauth_ratelimit_store_outage", gauge, "1 while the store has not answered a heartbeat for longer than the outage threshold (the policy's outage modes apply), else 0.", nil},
	{"oauth_ratelimit_store_up", gauge, "1 if the last call to the shared store (a flush, a pull or a ping) succeeded, 0 if it failed or none has settled yet.", nil},
	{"oauth_ratelimit_policy_reloads_total", counter, "Reloads of the policy file (SIGHUP, POST /admin/reload or a change on disk), by result: success, or failure (the file could not be read or is not valid; the running policy was kept).",
		map[string][]string{"result": reloadResults}},
	{"oauth_ratelimit_policy_last_reload_successful", gauge, "1 if the last reload of the policy file succeeded (or none has been tried), 0 if it failed and an older policy is running.", nil},
	{"oauth_ratelimit_policy_last_reload_success_timestamp_seconds", gauge, "Unix time at which the running policy was loaded.", nil},
	{"up", gauge, "Set by Prometheus for every target.", nil},
}

// seriesSpec is what a series name (as written in PromQL) refers to.
type seriesSpec struct {
	metric *metricSpec
	// labels allowed on this series: the family's, the target labels, and le
	// for a histogram's _bucket series.
	labels map[string][]string
	bucket bool
}

// lookupSeries resolves a series name used in PromQL to its metric family.
// A histogram is only reachable through its _bucket, _sum and _count series.
func lookupSeries(name string) (seriesSpec, bool) {
	for i := range knownMetrics {
		m := &knownMetrics[i]
		suffix, ok := "", name == m.name
		if m.kind == histogram {
			ok = false
			for _, s := range []string{"_bucket", "_sum", "_count"} {
				if name == m.name+s {
					suffix, ok = s, true
				}
			}
		}
		if !ok {
			continue
		}
		labels := map[string][]string{}
		for l, v := range m.labels {
			labels[l] = v
		}
		for _, l := range targetLabels {
			labels[l] = anyValue
		}
		if suffix == "_bucket" {
			labels[histogramLabel] = anyValue
		}
		return seriesSpec{metric: m, labels: labels, bucket: suffix == "_bucket"}, true
	}
	return seriesSpec{}, false
}
