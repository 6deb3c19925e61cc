#!/usr/bin/env bash
# screenshot.sh: a picture of the admin status page (GET /admin/) as a browser shows it.
#
# Installs Debian's chromium if it is missing (as root, or with sudo -n), builds the server,
# starts it on 127.0.0.1 (free ports) with an admin token and a dry-run policy, sends demo
# traffic to the built-in token endpoint so that the bars show (some clients over their limit),
# loads the status page in headless Chromium with the token as the password of HTTP Basic (in
# the URL, as a browser's prompt would send it), and writes the screenshot.
#
# Usage: scripts/screenshot.sh [OUT.png]     default docs/status.png
# Tunables: CHROMIUM (chromium), WINDOW_SIZE (1200,900), APT_TIMEOUT seconds (900).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/docs/status.png}"
CHROMIUM="${CHROMIUM:-chromium}"
WINDOW_SIZE="${WINDOW_SIZE:-1200,900}"
APT_TIMEOUT="${APT_TIMEOUT:-900}"
GO="${GO:-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"

say() { echo "screenshot: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

as_root() {
	if [[ $EUID -eq 0 ]]; then
		"$@"
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
		sudo -n "$@"
	else
		die "need root for: $* (run as root, or install chromium yourself)"
	fi
}

# ---- chromium ----------------------------------------------------------------------------
if ! command -v "$CHROMIUM" >/dev/null; then
	say "installing chromium with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	as_root timeout "$APT_TIMEOUT" apt-get -o DPkg::Lock::Timeout=300 update >/dev/null
	# fonts-dejavu-core: headless Chromium draws no text without a font.
	as_root timeout "$APT_TIMEOUT" apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends chromium fonts-dejavu-core >/dev/null
	command -v "$CHROMIUM" >/dev/null || die "chromium still missing after apt-get install"
fi

# ---- the server --------------------------------------------------------------------------
RUN="$(mktemp -d "${TMPDIR:-/tmp}/oauth-ratelimit-screenshot.XXXXXX")"
SERVER_PID=""
cleanup() {
	if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
		kill -TERM "$SERVER_PID" 2>/dev/null || true
		wait "$SERVER_PID" 2>/dev/null || true
	fi
	rm -rf "$RUN"
}
trap cleanup EXIT

say "building the server"
(cd "$ROOT" && "$GO" build -o "$RUN/oauth-ratelimit" ./cmd/oauth-ratelimit)

# URL-safe base64: the token goes into the page's URL as the Basic password.
TOKEN="$(head -c 24 /dev/urandom | base64 | tr '+/' '-_')"
printf '%s\n' "$TOKEN" >"$RUN/admin-token"
chmod 600 "$RUN/admin-token"

# Everyone in dry-run at 50 tokens a minute (10 per user), but demo-service, enforced at 40,
# and internal-gateway, trusted (counted, never denied).
cat >"$RUN/policy.yaml" <<'EOF'
mode: dry-run
defaults:
  client:
    - limit: 50
      window: 1m
  user:
    - limit: 10
      window: 1m
clients:
  demo-service:
    mode: enforce
    client:
      - limit: 40
        window: 1m
  internal-gateway:
    trusted: true
EOF

# Started in $RUN so that the page names the policy file as policy.yaml, not a temporary path.
(cd "$RUN" && exec ./oauth-ratelimit --listen 127.0.0.1:0 --admin-listen 127.0.0.1:0 \
	--policy policy.yaml --admin-token-file admin-token --instance screenshot-1 \
	2>server.log) &
SERVER_PID=$!

addr() { # $1 = the log key: addr or admin_addr
	sed -n 's/.*"msg":"listening".*"'"$1"'":"\([^"]*\)".*/\1/p' "$RUN/server.log" | head -1
}
for _ in $(seq 100); do
	[[ -n "$(addr admin_addr)" ]] && break
	kill -0 "$SERVER_PID" 2>/dev/null || { cat "$RUN/server.log" >&2; die "the server exited"; }
	sleep 0.1
done
API="$(addr addr)"
ADMIN="$(addr admin_addr)"
[[ -n "$ADMIN" ]] || { cat "$RUN/server.log" >&2; die "the server did not listen within 10s"; }
say "server on $API, admin on $ADMIN"

# ---- an override, as in README's rollout walk (step 2) ----------------------------------------
curl -sf -o /dev/null -X PUT -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
	-d '{"mode":"dry-run","client":[{"limit":60,"window":"1m"}]}' "http://$ADMIN/admin/overrides/batch-exporter" ||
	die "PUT /admin/overrides/batch-exporter failed"

# ---- demo traffic ------------------------------------------------------------------------
token() { # $1 = count, then curl's arguments
	local n="$1" i
	shift
	for ((i = 0; i < n; i++)); do
		curl -s -o /dev/null "$@" "http://$API/oauth2/token"
	done
}
say "sending demo traffic"
token 30 -u demo-service:demo-secret -d grant_type=client_credentials         # 75% of 40, enforced
token 75 -u batch-exporter:batch-secret -d grant_type=client_credentials      # 125% of its override: would be denied
token 55 -u internal-gateway:gateway-secret -d grant_type=client_credentials  # 110%, trusted
token 14 -u mobile-app:mobile-secret -d grant_type=password -d username=alice -d password=alice-password
token 6 -u mobile-app:mobile-secret -d grant_type=password -d username=bob -d password=bob-password
token 3 -d client_id=public-spa -d grant_type=password -d username=carol -d password=carol-password

# ---- the picture -------------------------------------------------------------------------
mkdir -p "$(dirname "$OUT")"
say "loading http://admin:…@$ADMIN/admin/ in headless Chromium"
# --no-sandbox: Chromium's sandbox refuses to run as root, as in CI containers.
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--user-data-dir="$RUN/profile" --window-size="$WINDOW_SIZE" \
	--screenshot="$OUT" "http://admin:$TOKEN@$ADMIN/admin/" >"$RUN/chromium.log" 2>&1 ||
	{ cat "$RUN/chromium.log" >&2; die "chromium failed"; }
[[ -s "$OUT" ]] || { cat "$RUN/chromium.log" >&2; die "no screenshot written"; }
say "wrote $OUT"
