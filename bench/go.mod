module github.com/oauth-ratelimit/oauth-ratelimit/bench

go 1.26.0

replace github.com/oauth-ratelimit/oauth-ratelimit => ../

require (
	github.com/go-chi/httprate v0.16.1
	github.com/oauth-ratelimit/oauth-ratelimit v0.0.0-00010101000000-000000000000
	github.com/sethvargo/go-limiter v0.7.1
	github.com/ulule/limiter/v3 v3.11.2
	golang.org/x/time v0.16.0
)

require (
	github.com/klauspost/cpuid/v2 v2.2.10 // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/zeebo/xxh3 v1.0.2 // indirect
	golang.org/x/sys v0.48.0 // indirect
)
