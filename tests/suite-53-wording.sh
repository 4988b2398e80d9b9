#!/usr/bin/env bash
# tier: check
# cost: 5
# What a finding says, per class: for one zoo entry of each defect class
# (and the shapes issue 41 named: an address outside both buffers, a
# wrong byte before a cut, the page a NUL sits in), the first defect's
# class, rule and "what" line against the wording a maintainer reads
# (a regular expression each), and the input block's pages line.  A
# change of wording is a change of this table.
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/wording
mkdir -p "$out"
SC=build/strcheck

. tests/common.sh

if ! make -s build/strcheck zoo > "$out/build.log" 2>&1; then
	fail "build_strcheck_and_zoo: see $out/build.log"
	exit 1
fi

# entry | api | flags | "DEFECT 1" class (rule) | what-line regex
while IFS='|' read -r entry api flags head what; do
	case $entry in '#'* | '') continue ;; esac
	entry=${entry// /} api=${api// /} what=${what# }
	head=$(echo "$head" | sed 's/^ *//; s/ *$//')
	f=$out/$entry.out
	# shellcheck disable=SC2086
	timeout 600 $SC --impl="build/zoo/$entry.so" --api="$api" --symbol="$api" --first --time=0 \
		$flags > "$f" 2>&1
	rc=$?
	got_head=$(grep -m1 -oE '^DEFECT 1: [a-z-]+ \(rule [a-z-]+\)' "$f" | sed 's/^DEFECT 1: //')
	got_what=$(sed -n '/^DEFECT 1:/,/^DEFECT 2:/s/^  what      //p' "$f" | head -1)
	[ "$rc" = 1 ] && [ "$got_head" = "$head" ] && [[ $got_what =~ $what ]]
	check "wording_$entry" $? "exit $rc, '$got_head' '$got_what' (want '$head' /$what/; see $f)"
done <<'TABLE'
bad_strlen_first      | strscpy     | --no-race | overread (rule no-fault)          | ^faulted: read at src\+0, 1 byte past the last byte it may read \(src\+0\), in the guard page after the source$
bad_underread_align   | strscpy     | --no-race | underread (rule no-fault)         | ^faulted: read at src-8, in the guard page before the source$
bad_unaligned_cross_page | strscpy  | --no-race | overread (rule no-fault)          | ^faulted: read at src\+1, 1 byte past the last byte it may read \(src\+0\), in the guard page after the source$
bad_exact_fit         | strscpy     | --no-race | overwrite (rule no-write-past-count) | ^wrote 1 byte at or past dest\+count, the first at dest\+count\+0$
bad_writes_src        | strscpy     | --no-race | src-write (rule no-fault)         | ^faulted: write at src\+0, in the read-only pages of the source$
bad_strlcpy_ret_copied | strlcpy    | --no-race | retval (rule return-value)        | ^returned [0-9]+, expected [0-9]+$
bad_no_nul_on_trunc   | strscpy     | --no-race | termination (rule nul-terminated) | ^dest\[[0-9]+\] = 0x[0-9a-f]{2}, expected the NUL there$
bad_keep_mask         | strscpy     | --no-race | content (rule copied-bytes)       | ^dest\[[0-9]+\] = 0x[0-9a-f]{2}, expected 0x[0-9a-f]{2} \(1 byte differs before the NUL\)$
bad_leak_final_word   | strscpy     | --no-race | leak (rule no-leak-after-nul)     | ^dest\[[0-9]+\] = 0x[0-9a-f]{2} after the NUL: neither left alone nor zeroed \([0-9]+ bytes\), a source byte$
bad_hang_u8_counter   | strscpy     | --no-race | hang (rule returns)               | ^the call did not return within the time limit$
bad_abort_huge        | strscpy     | --no-race | crash (rule returns)              | ^the call raised Aborted \(signal 6\)$
bad_wild_bounce       | strscpy     | --no-race | crash (rule no-fault)             | ^faulted: write at NULL\+1 \(0x1\), outside both buffers \(Segmentation fault\)$
bad_pad_minus_e2big   | strscpy_pad | --no-race | content (rule huge-count-writes-nothing) | ^dest\[[0-9]+\] = 0x00 \(inside count, dest backed on demand\): expected it untouched, the call writes nothing \([0-9]+ bytes written\)$
hostile_cut_hides_content | strscpy | --no-race | content (rule copied-bytes)  | ^dest\[0\] = 0x[0-9a-f]{2}, expected 0x[0-9a-f]{2} \(1 byte differs before the NUL\), written before the call was cut where strcheck stops backing dest$
hostile_kill_parent   | strscpy     | --no-race | tamper (rule no-signals)          | ^called kill \(first argument 0x[0-9a-f]+\), which no string copy needs; the sandbox refused it$
TABLE

# The pages line: where the NUL lies in its page and what follows it.
f=$out/bad_unaligned_cross_page.out
grep -qE '^            pages  the NUL \(src\+0\) on the last byte of a page, a guard page next$' "$f"
check wording_pages_line_guard $? "no pages line naming a guard page next in $f"
$SC --impl=build/zoo/bad_overread_strlcpy_vector_page.so --api=strlcpy --traced-case=1852 \
	> "$out/strlcpy-pages.out" 2>&1
rc=$?
if grep -q '^traced check: not here' "$out/strlcpy-pages.out"; then
	skip "wording_pages_line_mapped: the tracer does not run here"
else
	[ $rc = 1 ] && grep -qE '^            pages  the NUL \(src\+21\) on the last byte of a page, the next page mapped \(only the read set sees a read there\)$' "$out/strlcpy-pages.out"
	check wording_pages_line_mapped $? "exit $rc, see $out/strlcpy-pages.out"
fi
