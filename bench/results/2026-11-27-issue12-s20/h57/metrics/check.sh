#!/usr/bin/env bash
# Lists every place in the given Markdown files where a registered metric (allnames.txt,
# scraped from the server plus the two vectors with no child yet) is named without its
# oauth_ratelimit_ prefix. Prints file:line: name.
cd /tmp/s20/h57/repo
for f in "$@"; do
  while read -r full; do
    short=${full#oauth_ratelimit_}
    grep -noP "(?<![A-Za-z0-9_])${short}(?![A-Za-z0-9_])" "$f" | sed "s|^|$f:|"
  done < /tmp/s20/h57/results/metrics/allnames.txt
done | sort -t: -k1,1 -k2,2n -u
