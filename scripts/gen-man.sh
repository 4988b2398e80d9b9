#!/usr/bin/env bash
# gen-man.sh STRCHECK MANPAGE VERSION: rewrite the OPTIONS section of the
# man page from the option table (STRCHECK --man-options), between the
# lines '.\" BEGIN OPTIONS' and '.\" END OPTIONS', and the version in its
# .TH line.  `make man` runs it; tests/suite-31-options.sh checks that
# running it would change nothing.
set -eu
sc=$1 page=$2 version=$3
opts=$(mktemp)
trap 'rm -f "$opts" "$page.new"' EXIT
"$sc" --man-options > "$opts"
awk -v opts="$opts" -v version="$version" '
	/^\.TH / { sub(/"strcheck [^"]*"/, "\"strcheck " version "\"") }
	/^\.\\" END OPTIONS/ { skip = 0 }
	!skip { print }
	/^\.\\" BEGIN OPTIONS/ { while ((getline line < opts) > 0) print line; skip = 1 }
' "$page" > "$page.new"
grep -q '^\.\\" END OPTIONS' "$page.new" || { echo "gen-man.sh: $page has no OPTIONS markers" >&2; exit 2; }
if cmp -s "$page" "$page.new"; then
	rm -f "$page.new"
else
	mv "$page.new" "$page"
	echo "gen-man.sh: $page updated"
fi
