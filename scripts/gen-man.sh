#!/usr/bin/env bash
# gen-man.sh STRCHECK MANPAGE VERSION [MARKDOWN...]: rewrite the generated
# parts of the man page and the Markdown pages from strcheck's own tables:
#   - the man page's OPTIONS section, from the option table (STRCHECK
#     --man-options), between the lines '.\" BEGIN OPTIONS' and
#     '.\" END OPTIONS';
#   - its EXIT STATUS section, from the exit-status table (STRCHECK
#     --man-exit-status), between '.\" BEGIN EXIT STATUS' and '.\" END EXIT
#     STATUS';
#   - the version in its .TH line;
#   - in each Markdown page that has them, the exit-status table (STRCHECK
#     --md-exit-status) between '<!-- BEGIN EXIT STATUS -->' and
#     '<!-- END EXIT STATUS -->', and the sandbox's table of refused system
#     calls (STRCHECK --md-sandbox) between '<!-- BEGIN SANDBOX -->' and
#     '<!-- END SANDBOX -->'.
# `make man` runs it; tests/suite-31-options.sh checks that running it
# would change nothing.
set -eu
sc=$1 page=$2 version=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$sc" --man-options > "$tmp/options"
"$sc" --man-exit-status > "$tmp/exit-man"
"$sc" --md-exit-status > "$tmp/exit-md"
"$sc" --md-sandbox > "$tmp/sandbox-md"

# fill FILE BEGIN END TEXT: the lines between the marker lines BEGIN and
# END (whole lines, taken literally) become the file TEXT.
fill() {
	B=$2 E=$3 T=$4 awk '
		$0 == ENVIRON["E"] { skip = 0; found++ }
		!skip { print }
		$0 == ENVIRON["B"] { while ((getline line < ENVIRON["T"]) > 0) print line; skip = 1 }
		END { if (found != 1) exit 3 }
	' "$1" > "$1.new" || { echo "gen-man.sh: $1 lacks the lines $2 ... $3" >&2; exit 2; }
	mv "$1.new" "$1"
}

# update FILE NEW: replace FILE by NEW if they differ, saying so.
update() {
	if cmp -s "$1" "$2"; then
		rm -f "$2"
	else
		mv "$2" "$1"
		echo "gen-man.sh: $1 updated"
	fi
}

cp "$page" "$tmp/page"
sed -i "/^\.TH /s/\"strcheck [^\"]*\"/\"strcheck $version\"/" "$tmp/page"
fill "$tmp/page" '.\" BEGIN OPTIONS' '.\" END OPTIONS' "$tmp/options"
fill "$tmp/page" '.\" BEGIN EXIT STATUS' '.\" END EXIT STATUS' "$tmp/exit-man"
update "$page" "$tmp/page"
for md in "$@"; do
	cp "$md" "$tmp/md"
	grep -qx '<!-- BEGIN EXIT STATUS -->' "$md" &&
		fill "$tmp/md" '<!-- BEGIN EXIT STATUS -->' '<!-- END EXIT STATUS -->' "$tmp/exit-md"
	grep -qx '<!-- BEGIN SANDBOX -->' "$md" &&
		fill "$tmp/md" '<!-- BEGIN SANDBOX -->' '<!-- END SANDBOX -->' "$tmp/sandbox-md"
	update "$md" "$tmp/md"
done
