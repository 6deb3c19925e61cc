#!/usr/bin/env bash
# load-tools.sh: installs (only if missing) the HTTP load generators the measurements use,
# Debian's hey and wrk, and prints where they are. The end-to-end load test
# (integration/load_test.go, E2E_LOAD=1) and the HTTP comparison of BENCHMARKS.md need them;
# make test does not.
#
# Usage: scripts/load-tools.sh
set -euo pipefail

say() { echo "load-tools: $*" >&2; }
die() { say "ERROR: $*"; exit 1; }

as_root() {
	if [[ $EUID -eq 0 ]]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo -n "$@"
	else
		die "need root for: $* (run as root, or install hey and wrk yourself)"
	fi
}

want=()
for tool in hey wrk; do
	command -v "$tool" >/dev/null || want+=("$tool")
done
if ((${#want[@]} > 0)); then
	say "installing ${want[*]} with apt-get"
	timeout "${APT_TIMEOUT:-600}" bash -c "$(declare -f as_root die say); as_root apt-get -o DPkg::Lock::Timeout=300 update >/dev/null && as_root apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends ${want[*]} >/dev/null" ||
		die "apt-get install ${want[*]} failed"
fi
for tool in hey wrk; do
	command -v "$tool" >/dev/null || die "$tool still missing after apt-get install"
	say "$tool: $(command -v "$tool")"
done
