#!/usr/bin/env bash
# tier: check
# cost: 5
# The option table and the rule table, and what is made from them: --help
# and the man page list the same options (and the man page's OPTIONS
# section is the table's, as `make man` writes it), the man page renders
# without warnings, --version prints the VERSION file, and every contract
# rule of --list-rules is described in the docs.
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/options
mkdir -p "$out"
SC=build/strcheck
MAN=docs/strcheck.1

. tests/common.sh

if ! make -s build/strcheck build/libstrscpy.so > "$out/build.log" 2>&1; then
	fail "build_strcheck: see $out/build.log"
	exit 1
fi

# The options --help lists (its option lines: "  --name..." or "  -x, --name...").
$SC --help > "$out/help.txt"
grep -E '^  -' "$out/help.txt" | grep -oE -- '(^  |, )--?[a-z][a-z0-9-]*' |
	sed 's/^[ ,]*//' | sort -u > "$out/help-options"
# The options the man page lists (the tags of its OPTIONS section).
sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$MAN" | awk 'prev == ".TP" { print } { prev = $0 }' |
	sed 's/\\-/-/g; s/\\f[BIR]//g' | grep -oE -- '(^|, )--?[a-z][a-z0-9-]*' |
	sed 's/^[ ,]*//' | sort -u > "$out/man-options"
n=$(wc -l < "$out/help-options")
diff "$out/help-options" "$out/man-options" > "$out/options.diff"
check help_and_man_page_list_the_same_options "$([ $? = 0 ] && [ "$n" -gt 15 ]; echo $?)" \
	"$n options in --help; differences (< --help, > man page): $(tr '\n' ' ' < "$out/options.diff")"

# The man page's OPTIONS and EXIT STATUS sections and the README's
# exit-status table are what the tables make of them now.
cp "$MAN" "$out/strcheck.1"
cp README.md "$out/README.md"
cp docs/checking.md "$out/checking.md"
cp docs/tamper.md "$out/tamper.md"
bash scripts/gen-man.sh $SC "$out/strcheck.1" "$(cat VERSION)" "$out/README.md" "$out/checking.md" \
	"$out/tamper.md" > /dev/null
cmp -s "$MAN" "$out/strcheck.1" && cmp -s README.md "$out/README.md" &&
	cmp -s docs/checking.md "$out/checking.md" && cmp -s docs/tamper.md "$out/tamper.md"
check man_page_options_are_the_tables $? \
	"docs/strcheck.1, README.md, docs/checking.md or docs/tamper.md is stale: run make man"

# The exit statuses strcheck returns are the ones the README's table (and
# so --help and the man page) gives: a usage error, a pass, a defect.
status_of() { sed -n "s/^| \([0-9]*\) | $1 |.*/\1/p" README.md; }
$SC --no-such-option > /dev/null 2>&1
e_usage=$?
$SC --seed 5 --time 0 -q --no-race > /dev/null 2>&1
e_pass=$?
make -s build/zoo/bad_no_nul_on_trunc.so > /dev/null 2>&1
$SC --impl=build/zoo/bad_no_nul_on_trunc.so --time 0 --no-race --first -q > /dev/null 2>&1
e_fail=$?
check exit_statuses_as_documented "$([ "$e_usage" = "$(status_of ERROR)" ] &&
	[ "$e_pass" = "$(status_of PASS)" ] && [ "$e_fail" = "$(status_of FAIL)" ]; echo $?)" \
	"usage error $e_usage, pass $e_pass, defect $e_fail; README says $(status_of ERROR), $(status_of PASS), $(status_of FAIL)"

# It renders without warnings.
if command -v groff > /dev/null; then
	groff -man -ww -z "$MAN" > "$out/groff.log" 2>&1
	check man_page_groff_no_warnings "$([ $? = 0 ] && [ ! -s "$out/groff.log" ]; echo $?)" \
		"$(head -c 300 "$out/groff.log")"
else
	skip "man_page_groff_no_warnings: groff not installed"
fi
if command -v man > /dev/null; then
	MANWIDTH=80 man --warnings=w -l "$MAN" 2> "$out/man.log" > "$out/man.txt"
	check man_page_renders_without_warnings \
		"$([ $? = 0 ] && [ ! -s "$out/man.log" ] && grep -q 'EXIT STATUS' "$out/man.txt"; echo $?)" \
		"$(head -c 300 "$out/man.log")"
else
	skip "man_page_renders_without_warnings: man not installed"
fi
for section in NAME SYNOPSIS DESCRIPTION OPTIONS ENVIRONMENT 'EXIT STATUS' EXAMPLES; do
	grep -q "^\.SH \"\?$section" "$MAN" || fail "man_page_sections: no $section"
done
grep -q 'STRCHECK_IMPL' "$MAN" && grep -q 'STRCHECK_API' "$MAN" && grep -q 'STRCHECK_SYMBOL' "$MAN" &&
	grep -q 'STRCHECK_POLICY' "$MAN"
check man_page_sections_and_environment $? "a section or a STRCHECK_* variable is missing"

# --version: the VERSION file's, in the binary and on the man page.
v=$($SC --version)
rc=$?
check version_from_VERSION_file "$([ $rc = 0 ] && [ "$v" = "strcheck $(cat VERSION)" ] &&
	grep -q "^\.TH .*\"strcheck $(cat VERSION)\"" "$MAN"; echo $?)" "got '$v' (exit $rc)"

# Every rule a report can name is described in the docs.
$SC --list-rules > "$out/rules.txt"
rc=$?
doc=docs/contract.md
if [ ! -f "$doc" ]; then
	skip "every_rule_in_the_docs: no $doc yet (the docs split lands it)"
else
	missing=""
	for rule in $(awk '{print $1}' "$out/rules.txt" | sort -u); do
		grep -q -- "\`$rule\`" "$doc" || missing="$missing $rule"
	done
	n=$(awk '{print $1}' "$out/rules.txt" | sort -u | wc -l)
	check every_rule_in_the_docs "$([ $rc = 0 ] && [ "$n" -gt 15 ] && [ -z "$missing" ]; echo $?)" \
		"not in $doc:$missing"
fi

# Options the table takes in both forms, short options, and bad ones.
$SC --seed 5 --time 0 -q --no-race > "$out/forms.out" 2>&1
check option_forms_space_and_short "$([ $? = 0 ] && grep -q '^VERDICT: PASS' "$out/forms.out"; echo $?)" \
	"see $out/forms.out"
$SC --timeout=5 > /dev/null 2> "$out/timeout.err"
grep -qx 'strcheck: --timeout=5: expected milliseconds between 10 and 600000' "$out/timeout.err"
check range_message_from_the_limits $? "$(cat "$out/timeout.err")"
# --max-time (issue 42): a cap of its own, in seconds, checked like --time.
$SC --max-time=-1 > /dev/null 2> "$out/max-time.err"
rc=$?
[ $rc = 2 ] && grep -qx 'strcheck: --max-time=-1: expected seconds between 0 and 86400' "$out/max-time.err" &&
	$SC --help | grep -q -- '--max-time=SECONDS'
check max_time_option_checked_and_listed $? "exit $rc, $(cat "$out/max-time.err")"
$SC --strict=1 > /dev/null 2> "$out/flag-value.err"
check flag_takes_no_value "$([ $? = 2 ] && grep -q "unknown option '--strict=1'" "$out/flag-value.err"; echo $?)" \
	"$(cat "$out/flag-value.err")"
exit 0
