#!/usr/bin/env bash
# fuzz.sh: run every fuzz target of the module for FUZZTIME (default 5s) each.
#
# Targets are found with `go test -list '^Fuzz' ./...`; `go test -fuzz` takes one package
# and one target at a time. A failing input is saved by go test under the package's
# testdata/fuzz/ and fails this script. No targets at all is fine.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
GO="${GO:-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"
FUZZTIME="${FUZZTIME:-5s}"
FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-10m}" # per target, compile included

list=$(mktemp)
trap 'rm -f "$list"' EXIT
# Lines are target names, each package ending with "ok <pkg> <time>" (or "? <pkg> [no test files]").
"$GO" test -list '^Fuzz' ./... >"$list" 2>&1 || {
	cat "$list" >&2
	echo "fuzz: go test -list failed" >&2
	exit 1
}

targets=()
names=()
while read -r first second _; do
	case "$first" in
	Fuzz*) names+=("$first") ;;
	ok)
		for n in "${names[@]}"; do targets+=("$second $n"); done
		names=()
		;;
	*) names=() ;;
	esac
done <"$list"

if [[ ${#targets[@]} -eq 0 ]]; then
	echo "fuzz: no fuzz targets"
	exit 0
fi

echo "fuzz: ${#targets[@]} target(s), $FUZZTIME each"
for t in "${targets[@]}"; do
	read -r pkg name <<<"$t"
	echo "fuzz: $name in $pkg"
	"$GO" test -run='^$' -fuzz="^${name}\$" -fuzztime="$FUZZTIME" -timeout="$FUZZ_TIMEOUT" "$pkg"
done
echo "fuzz: ${#targets[@]} target(s) passed"
