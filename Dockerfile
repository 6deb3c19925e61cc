# syntax=docker/dockerfile:1
#
# The oauth-ratelimit server: a static Go binary on a distroless base, run as
# a non-root user.
#
#   docker build -t oauth-ratelimit .
#   docker run --rm -p 8080:8080 oauth-ratelimit
#
# CI runs no container engine, so this file is never built there. What CI
# does check (cmd/oauth-ratelimit/packaging_test.go): the build command of
# the first stage, run as written here, makes a static binary that starts;
# every file compose.yaml mounts exists; the Prometheus and Grafana
# provisioning under deploy/ is well formed.

ARG GO_VERSION=1.26

# --- build -------------------------------------------------------------------
FROM golang:${GO_VERSION}-bookworm AS build
WORKDIR /src
# Dependencies first: this layer is reused until go.mod or go.sum change.
COPY go.mod go.sum ./
RUN go mod download
# The whole context, .git included, so that the go command stamps the VCS
# revision into the binary (--version reads it back).
COPY . .
# packaging_test.go runs the next line as it is (the line after "RUN "),
# with /out replaced by a temporary directory: keep it one line. CGO off: no
# libc to link, so the binary runs on an image without one; -trimpath: no
# build paths in it.
RUN CGO_ENABLED=0 go build -trimpath -ldflags=-s -o /out/oauth-ratelimit ./cmd/oauth-ratelimit

# --- run ---------------------------------------------------------------------
# distroless/static: CA certificates (https upstreams, MongoDB over TLS),
# tzdata, /etc/passwd with the nonroot user (65532), and nothing else: no
# shell, no package manager.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/oauth-ratelimit /usr/local/bin/oauth-ratelimit
# The example policy (dry-run): mount your own over it, as a directory (a
# ConfigMap) so that changes are picked up without a restart.
COPY policy.example.yaml /etc/oauth-ratelimit/policy.yaml
USER 65532:65532
# The token endpoint on every interface; the admin listener (metrics,
# health, admin API) stays on loopback unless you give it a token: set
# OAUTH_RATELIMIT_ADMIN_LISTEN=0.0.0.0:9090 and
# OAUTH_RATELIMIT_ADMIN_TOKEN_FILE (compose.yaml does).
ENV OAUTH_RATELIMIT_LISTEN=0.0.0.0:8080 \
    OAUTH_RATELIMIT_ADMIN_LISTEN=127.0.0.1:9090 \
    OAUTH_RATELIMIT_POLICY=/etc/oauth-ratelimit/policy.yaml
EXPOSE 8080 9090
ENTRYPOINT ["/usr/local/bin/oauth-ratelimit"]
