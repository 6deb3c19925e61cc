module github.com/oauth-ratelimit/oauth-ratelimit/tools/testsummary

go 1.26
