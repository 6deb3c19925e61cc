-- wrk script: a client_credentials token request with HTTP Basic
-- (demo-service:demo-secret), the same for every request.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Authorization"] = "Basic ZGVtby1zZXJ2aWNlOmRlbW8tc2VjcmV0"
wrk.body = "grant_type=client_credentials&scope=read"
