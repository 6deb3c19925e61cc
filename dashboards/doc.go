// Package dashboards holds no Go API. The directory ships the Grafana
// dashboards (oauth-ratelimit-*.json) and the Prometheus alerting rules
// (alerts.yaml, unit-tested by alerts_test.yaml) for oauth-ratelimit; see
// README.md.
//
// The package's tests keep those files honest: they check the dashboards'
// structure, check every PromQL expression with promtool, check that every
// metric and label used is one the limiter exports (the list in
// metrics_test.go is the contract with the Go packages), run the alert unit
// tests, and run every expression against a real Prometheus that scrapes a
// fake exporter serving every metric.
package dashboards
