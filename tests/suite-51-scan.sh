#!/usr/bin/env bash
# tier: check
# cost: 25
# strcheck --scan=DIR on the project's own small trees (tests/scan-trees/):
# what it finds (the eight names and names holding one, static ones, a
# header's static inline one, an assembly label, a home-grown name whose
# API the probe infers, names whose contract is another, one that cannot
# build, one with a defect; not a declaration, a comment or a string),
# how each is judged and its verdict, pinned row by row from the JSON
# report; look-alikes (tests/scan-trees/alike: a prefixed name of another
# contract, a digit suffix, four parameters, a fortified _chk, one that
# kills its caller) never judged and never called with the wrong
# parameters, copies mapped by #define or a replacement guard judged;
# assembly of another architecture said so; the probe sandboxed; the
# cache (a second scan reuses every row and runs no compiler, counted
# by a wrapper; the same copy in two packages is checked once, --no-cache); --shard=K/N's parts (each
# function in one, pinned) and --scan-merge of them (the whole scan's
# rows, table and exit status; bad values refused); -j and each row's line as it
# finishes; the JSON against docs/schemas/strcheck-scan.schema.json, the
# JUnit against docs/schemas/junit.xsd, the SARIF against the SARIF 2.1.0
# schema and Microsoft's validator (fetched as suite 47 does) with the
# defect located at the function's line; exit statuses 0, 1, 3 and 2; the
# replay commands; the progress line on a terminal only.  Every check
# runs with --time=0 (the whole grid and concurrent checks, no deadline),
# so the verdicts do not depend on the machine's speed.
set -u
cd "$(dirname "$0")/.."
out=build/test/scan
rm -rf "$out"
mkdir -p "$out"
SC=build/strcheck
PY=/usr/bin/python3
T=tests/scan-trees

. tests/common.sh

# The cache of verdicts: the suite's own, empty at the start.
export XDG_CACHE_HOME="$PWD/$out/cache"

if ! make -s build/strcheck > "$out/build.log" 2>&1; then
	fail "scan_build: see $out/build.log"
	exit 1
fi

# The compiler every check runs, through a wrapper that counts its calls
# (a second scan from the cache runs none); the cache's key holds $CC.
cat > "$out/cc-count" <<EOF
#!/bin/sh
echo "\$*" >> "$PWD/$out/cc-calls"
exec ${CC:-cc} "\$@"
EOF
chmod +x "$out/cc-count"
export CC="$PWD/$out/cc-count"

# ---- the mixed tree: every kind of row ----
$SC --scan=$T/mixed --time=0 --format=json --output="$out/mixed.json" 2> "$out/mixed.err"
rc=$?
check mixed_exit_1_for_a_defect "$([ $rc = 1 ]; echo $?)" "exit $rc: $(head -c 300 "$out/mixed.err")"

# file:line function api api_from verdict detail (a class, a reason's
# words, a condition): the hand count of tests/scan-trees/mixed.  The
# assembly file and the file whose header is missing build alone (issue
# 31, part 1); the file that calls a function nowhere defined does not.
# Only compat/'s exact names and fast_strncpy (defect/fast.h's #define
# strncpy) are used by the tree as one of the eight; the others are
# judged because they behave as an API in every probe case.
cat > "$out/want.txt" <<'WANT'
asm/strlcpy_x86_64.S:5 asm_strlcpy strlcpy probe pass -
broken/needs_header.c:6 cfg_strncat strncat probe pass -
broken/nolink.c:6 broken_strlcpy strlcpy - not-checked reason=project_copy_backend
compat/strlcat.c:6 strlcat strlcat name pass condition=!defined(HAVE_STRLCAT)
compat/strlcpy.c:5 strlcpy strlcpy name pass condition=!defined(HAVE_STRLCPY)
defect/fast_strncpy.c:4 fast_strncpy strncpy macro fail class=content
include/strutil.h:6 hdr_stpncpy stpncpy probe pass static
util/copy.c:7 copy_field strscpy probe pass probe=300/300
util/copy.c:23 cpystrn strscpy - not-one-of-the-eight reason=pointer~to~the~NUL
util/copy.c:39 safe_strncpy strncpy - not-one-of-the-eight reason=returns~nothing~(void)
util/str.c:12 proj_strlcpy strlcpy probe pass static
util/str.c:25 x_strncpy strncpy probe pass -
WANT
cat > "$out/rows.py" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
root = sys.argv[3]
prefix = sys.argv[4]
got = {f["file"][len(root):] + ":" + str(f["line"]): f for f in doc["functions"]}
want = [l.split() for l in open(sys.argv[2]) if l.strip()]
for loc, fn, api, frm, verdict, detail in want:
    f = got.pop(loc, None)
    name = prefix + "_row_" + loc.replace("/", "_").replace(".", "_").replace(":", "_")
    if f is None:
        print("FAIL %s: not found" % name); continue
    why = []
    if f["function"] != fn: why.append("function %s" % f["function"])
    if f["api"] != api: why.append("api %s" % f["api"])
    if (f["api_from"] or "-") != frm: why.append("api_from %s" % f["api_from"])
    if f["verdict"] not in verdict.split("|"): why.append("verdict %s (%s)" % (f["verdict"], f["reason"]))
    k, _, v = detail.partition("=")
    v = v.replace("~", " ")
    if k == "class" and (f["first_defect"] or {}).get("class") != v: why.append("first defect %s" % f["first_defect"])
    if k == "reason" and v not in (f["reason"] or ""): why.append("reason %r" % f["reason"])
    if k == "condition" and f["condition"] != detail.partition("=")[2]: why.append("condition %r" % f["condition"])
    if k == "static" and not f["static"]: why.append("not static")
    if k == "probe" and "%d/%d" % (f["probe"]["matched"], f["probe"]["cases"]) != v: why.append("probe %s" % f["probe"])
    if k == "uncalled" and (f["probe"] is not None or v not in (f["reason"] or "")): why.append("probed: %s (%s)" % (f["probe"], f["reason"]))
    if k == "cached" and f["cached"] != (v == "yes"): why.append("cached %s" % f["cached"])
    if f["verdict"] == "fail" and not f["replay"]: why.append("no replay")
    # a row with no verdict says why
    if f["verdict"] in ("incomplete", "not-checked", "not-one-of-the-eight") and not f["reason"]: why.append("no reason")
    print(("FAIL %s: %s" % (name, "; ".join(why))) if why else "PASS " + name)
for loc, f in got.items():
    print("FAIL %s_nothing_else: %s %s found" % (prefix, loc, f["function"]))
if not got:
    print("PASS %s_nothing_else" % prefix)
c = doc["counts"]
if prefix == "mixed":
    ok = c["like_none"] == 1 and c["not_probed"] == 0
    print(("PASS" if ok else "FAIL") + " mixed_counts" + ("" if ok else ": %s" % c))
PY
$PY "$out/rows.py" "$out/mixed.json" "$out/want.txt" "$T/mixed/" mixed > "$out/rows.txt"
cat "$out/rows.txt"
[ -s "$out/rows.txt" ] || fail "mixed_rows: the JSON report did not parse"

validate_json "$out/mixed.json" docs/schemas/strcheck-scan.schema.json > "$out/json.log" 2>&1
check mixed_json_schema $? "$(head -3 "$out/json.log")"

# ---- the cache: a second scan reuses every row (verdicts, look-alikes,
# the one not built, its reason), the same ones, and builds nothing ----
first_calls=$(cat "$out/cc-calls" 2> /dev/null | wc -l)
rm -f "$out/cc-calls"
$SC --scan=$T/mixed --time=0 --format=json --output="$out/mixed2.json" 2> "$out/mixed2.err"
rc=$?
second_calls=$(cat "$out/cc-calls" 2> /dev/null | wc -l)
check second_scan_runs_no_compiler "$([ "$first_calls" -gt 0 ] && [ "$second_calls" = 0 ]; echo $?)" \
	"the compiler ran $first_calls time(s) on the first scan, $second_calls on the second: $(head -3 "$out/cc-calls" 2> /dev/null)"
$PY - "$out/mixed.json" "$out/mixed2.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
first = {(f["file"], f["line"]): f for f in a["functions"]}
bad = []
for f in b["functions"]:
    g = first[(f["file"], f["line"])]
    if f["verdict"] != g["verdict"] or (g["first_defect"] or {}).get("class") != (f["first_defect"] or {}).get("class"):
        bad.append("%s: %s then %s" % (f["function"], g["verdict"], f["verdict"]))
    if f["reason"] != g["reason"] or f["api"] != g["api"] or f["replay"] != g["replay"]:
        bad.append("%s: reason, api or replay changed" % f["function"])
    if not f["cached"]:
        bad.append("%s: not from the cache" % f["function"])
    if g["cached"]:
        bad.append("%s: from the cache on the first scan" % f["function"])
checked = len([f for f in b["functions"] if f["verdict"] in ("pass", "fail")])
if b["from_cache"] != len(b["functions"]) or len(b["functions"]) != 12 or checked != 9:
    bad.append("from_cache %d of %d rows, %d checked" % (b["from_cache"], len(b["functions"]), checked))
print(("FAIL second_scan_from_the_cache: " + "; ".join(bad)) if bad else "PASS second_scan_from_the_cache")
PY
check second_scan_exit_1 "$([ $rc = 1 ]; echo $?)" "exit $rc"
grep -q '(cached)$' "$out/mixed2.err"
check second_scan_lines_say_cached $? "$(head -3 "$out/mixed2.err")"

# ---- JUnit and SARIF of the same scan ----
$SC --scan=$T/mixed --time=0 --format=junit --output="$out/mixed.xml" 2> /dev/null
xmllint --noout --schema docs/schemas/junit.xsd "$out/mixed.xml" > "$out/junit.log" 2>&1
check mixed_junit_schema $? "$(head -3 "$out/junit.log")"
grep -c '<testcase ' "$out/mixed.xml" | grep -qx 12 &&
	grep -q 'tests="12" failures="1"' "$out/mixed.xml"
check mixed_junit_counts $? "$(grep -m1 '<testsuite ' "$out/mixed.xml")"

$SC --scan=$T/mixed --time=0 --format=sarif --output="$out/mixed.sarif" 2> /dev/null
val=build/validators/sarif
if [ ! -x "$val/package/Sarif.Multitool" ]; then
	mkdir -p "$val"
	( cd "$val" && npm pack --silent @microsoft/sarif-multitool-linux@5.7.0 > pack.log 2>&1 &&
	  tar xzf microsoft-sarif-multitool-linux-5.7.0.tgz && chmod +x package/Sarif.Multitool ) > /dev/null 2>&1
fi
if [ -f "$val/package/sarif-2.1.0.json" ]; then
	validate_json "$out/mixed.sarif" "$val/package/sarif-2.1.0.json" > "$out/sarif.log" 2>&1
	check mixed_sarif_schema $? "$(head -3 "$out/sarif.log")"
	"$val/package/Sarif.Multitool" validate "$out/mixed.sarif" > "$out/sarif-mt.log" 2>&1 &&
		! grep -q ': error ' "$out/sarif-mt.log"
	check mixed_sarif_multitool $? "$(grep ': error ' "$out/sarif-mt.log" | head -2)"
else
	skip "mixed_sarif_schema: the SARIF validator could not be fetched (npm; see $val/pack.log)"
fi
$PY - "$out/mixed.sarif" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"]
err = [x for x in r if x["level"] == "error"]
loc = err[0]["locations"][0]["physicalLocation"] if len(err) == 1 else None
ok = loc and loc["artifactLocation"]["uri"] == "defect/fast_strncpy.c" and loc["region"]["startLine"] == 4
sys.exit(0 if ok and len([x for x in r if x["level"] == "note"]) == 2 else 1)
PY
check mixed_sarif_defect_at_its_definition $? "the error result is not at defect/fast_strncpy.c:4"

# ---- look-alikes: never judged, never called with the wrong
# parameters, a crash costs its row; mapped copies judged; another
# architecture's assembly said so; the same copy in two packages checked
# once (-j 1: one after the other) ----
$SC --scan=$T/alike --time=0 -j 1 --format=json --output="$out/alike.json" 2> "$out/alike.err"
rc=$?
check alike_exit_3_for_the_assembly "$([ $rc = 3 ]; echo $?)" "exit $rc: $(head -c 300 "$out/alike.err")"
cat > "$out/want-alike.txt" <<'WANT'
arch/sparc/strlcpy.S:4 strlcpy strlcpy name not-checked reason=another~architecture's~code~(sparc)
lib/chk.c:6 __strncat_chk strncat - not-one-of-the-eight uncalled=takes~4~parameters
lib/digit.c:5 strlcpy2 strlcpy - not-one-of-the-eight reason=returned~13,~strlcpy~returns~23
lib/four.c:6 buf_strlcpy strlcpy - not-one-of-the-eight uncalled=takes~4~parameters
lib/guard.c:6 lib_strlcpy strlcpy guard pass condition=!defined(HAVE_STRLCPY)
lib/killer.c:6 fast_stpncpy stpncpy - not-one-of-the-eight reason=ended~the~sandboxed~probe
lib/safe.c:5 safe_strncpy strncpy - not-one-of-the-eight reason=first~unlike~it
lib/strlcat.c:6 lib_strlcat strlcat macro pass -
pkg1/strlcpy.c:5 strlcpy strlcpy name pass cached=no
pkg2/strlcpy.c:5 strlcpy strlcpy name pass cached=yes
port/strncpy.S:5 strncpy strncpy name not-checked reason=another~architecture's~code~(its~instructions
WANT
$PY "$out/rows.py" "$out/alike.json" "$out/want-alike.txt" "$T/alike/" alike
validate_json "$out/alike.json" docs/schemas/strcheck-scan.schema.json > "$out/json-alike.log" 2>&1
check alike_json_schema $? "$(head -3 "$out/json-alike.log")"
# -j: as asked, else one check per online core
jobs=$($PY -c "import json,sys; print(json.load(open(sys.argv[1]))['jobs'], json.load(open(sys.argv[2]))['jobs'])" "$out/alike.json" "$out/mixed.json")
check scan_jobs "$([ "$jobs" = "1 $(getconf _NPROCESSORS_ONLN)" ]; echo $?)" "jobs (alike -j 1, mixed default): $jobs"

# The probe is sandboxed: a look-alike that creates a file cannot (and
# can without the sandbox: the test can fail).
cat > "$out/spy.c" <<'EOF'
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
size_t spy_strlcpy(char *d, const char *s, size_t n)
{
	int fd = open(SPY, O_CREAT | O_WRONLY, 0600);
	size_t l = strlen(s), k = n && l >= n ? n - 1 : l;

	if (fd >= 0)
		close(fd);
	if (n) {
		memcpy(d, s, k);
		d[k] = 0;
	}
	return l;
}
EOF
spy="$PWD/$out/spy-was-here"
$SC --impl="$out/spy.c" --cflags="-DSPY=\"$spy\"" --symbol=spy_strlcpy --scan-probe=int > "$out/spy.txt" 2>&1
check probe_in_the_sandbox "$(grep -q '^probe strlcpy image 300 full 300' "$out/spy.txt" && [ ! -e "$spy" ]; echo $?)" \
	"$(head -3 "$out/spy.txt"); $(ls "$spy" 2>&1)"
$SC --impl="$out/spy.c" --cflags="-DSPY=\"$spy\"" --symbol=spy_strlcpy --scan-probe=int --no-sandbox > /dev/null 2>&1
check probe_without_the_sandbox_can_write "$([ -e "$spy" ]; echo $?)" "the spy made no file"

# --no-cache: checked again, nothing from the cache.
$SC --scan=$T/alike/pkg1 --time=0 --no-cache --format=json --output="$out/nocache.json" 2> /dev/null
$PY -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d['from_cache']==0 and d['functions'][0]['verdict']=='pass' and not d['functions'][0]['cached'] else 1)" "$out/nocache.json"
check no_cache_checks_again $? "$(head -c 300 "$out/nocache.json")"

# ---- exit statuses, text, replays; parts of a scan and their merge; bad
# --shard values and merges (exit 2, one line) ----

$SC --scan=$T/clean --time=0 > "$out/clean.txt" 2>&1
rc=$?
check clean_exit_0 "$([ $rc = 0 ] && grep -q '^VERDICT: PASS' "$out/clean.txt" &&
	grep -q 'tidy_strlcpy  *strlcpy (inferred, 300/300 cases)  *PASS' "$out/clean.txt"; echo $?)" \
	"exit $rc: $(tail -3 "$out/clean.txt")"

$SC --scan=$T/mixed/broken/nolink.c --time=0 > "$out/nolink.txt" 2>&1
rc=$?
check not_checked_exit_3 "$([ $rc = 3 ] && grep -q '^VERDICT: INCOMPLETE' "$out/nolink.txt" &&
	grep -q "why: cannot build .*undefined reference to .project_copy_backend" "$out/nolink.txt"; echo $?)" \
	"exit $rc: $(head -c 400 "$out/nolink.txt")"

$SC --scan=$T/mixed --time=0 -q > "$out/mixed.txt" 2> /dev/null
grep -q '^ *built only if: !defined(HAVE_STRLCPY)$' "$out/mixed.txt" &&
	grep -q '^tests/scan-trees/mixed/util/copy.c:7  *copy_field  *strscpy (inferred, 300/300 cases)  *PASS' "$out/mixed.txt" &&
	grep -q '^ *contract: not one of the eight: returns nothing (void); char \*strncpy(char \*, const char \*, size_t); closest: strncpy$' "$out/mixed.txt" &&
	grep -q '^ *used as strncpy: #define at tests/scan-trees/mixed/defect/fast.h:6$' "$out/mixed.txt"
check mixed_text_table $? "$(head -c 600 "$out/mixed.txt")"
# --shard=K/N and --scan-merge: three parts of the mixed tree (the
# cache is warm: the rows are those of the second scan), every function
# in exactly one part, the part pinned (a hash of its path under DIR and
# its name: the same split on every machine), merged in any order into
# the second scan's rows, counts, verdict, exit status and -q table ----
for k in 1 2 3; do
	$SC --scan=$T/mixed --time=0 --shard=$k/3 --format=json --output="$out/part$k.json" 2> /dev/null; echo $? >> "$out/part-rc.txt"
done
cat > "$out/want-parts.txt" <<'WANT'
1 broken/nolink.c:broken_strlcpy compat/strlcpy.c:strlcpy util/copy.c:copy_field
2 broken/needs_header.c:cfg_strncat compat/strlcat.c:strlcat include/strutil.h:hdr_stpncpy util/copy.c:cpystrn util/copy.c:safe_strncpy util/str.c:x_strncpy
3 asm/strlcpy_x86_64.S:asm_strlcpy defect/fast_strncpy.c:fast_strncpy util/str.c:proj_strlcpy
WANT
$PY - "$out" "$T/mixed/" <<'PY'
import json, sys
out, root = sys.argv[1], sys.argv[2]
whole = json.load(open(out + "/mixed2.json"))
ids = lambda d: [f["file"][len(root):] + ":" + f["function"] for f in d["functions"]]
want = {int(l.split()[0]): l.split()[1:] for l in open(out + "/want-parts.txt") if l.strip()}
seen, bad, like_none = [], [], 0
for k in (1, 2, 3):
    d = json.load(open("%s/part%d.json" % (out, k)))
    if d["shard"] != {"part": k, "parts": 3, "definitions": 13}: bad.append("part %d: shard %s" % (k, d["shard"]))
    if ids(d) != want[k]: bad.append("part %d holds %s" % (k, ids(d)))
    seen, like_none = seen + ids(d), like_none + d["counts"]["like_none"]
if sorted(seen) != sorted(ids(whole)) or len(set(seen)) != len(seen):
    bad.append("the parts hold %s, the whole %s" % (sorted(seen), sorted(ids(whole))))
if like_none != whole["counts"]["like_none"]: bad.append("like_none %d" % like_none)
print(("FAIL shard_each_function_in_one_part: " + "; ".join(bad)) if bad else "PASS shard_each_function_in_one_part")
PY
check shard_exit_statuses "$([ "$(tr '\n' ' ' < "$out/part-rc.txt")" = "3 0 1 " ]; echo $?)" \
	"exits $(tr '\n' ' ' < "$out/part-rc.txt"), not 3 0 1 (part 1: the file not built; 3: the defect)"
validate_json "$out/part2.json" docs/schemas/strcheck-scan.schema.json > "$out/json-part.log" 2>&1
check shard_json_schema $? "$(head -3 "$out/json-part.log")"

$SC --scan-merge="$out/part3.json,$out/part1.json,$out/part2.json" --format=json --output="$out/merged.json" 2> "$out/merged.err"
rc=$?
$PY - "$out/mixed2.json" "$out/merged.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
timing = ("seconds", "total_seconds")
rows = lambda d: [{k: v for k, v in f.items() if k not in timing} for f in d["functions"]]
bad = [k for k in ("scan", "files", "seconds_per_check", "seed", "shard", "counts", "verdict", "from_cache") if a[k] != b[k]]
if rows(a) != rows(b):
    bad.append("rows: " + "; ".join("%s vs %s" % (x, y) for x, y in zip(rows(a), rows(b)) if x != y)[:600])
print(("FAIL merged_parts_are_the_whole_scan: differ in " + ", ".join(bad)) if bad else "PASS merged_parts_are_the_whole_scan")
PY
check merged_exit_1_as_the_whole "$([ $rc = 1 ]; echo $?)" "exit $rc: $(head -c 300 "$out/merged.err")"
validate_json "$out/merged.json" docs/schemas/strcheck-scan.schema.json > "$out/json-merged.log" 2>&1
check merged_json_schema $? "$(head -3 "$out/json-merged.log")"
$SC --scan-merge="$out/part2.json,$out/part3.json,$out/part1.json" -q > "$out/merged.txt" 2> /dev/null
cmp -s "$out/merged.txt" "$out/mixed.txt"
check merged_text_table_is_the_whole_scans $? "$(diff "$out/mixed.txt" "$out/merged.txt" | head -5)"
$SC --scan=$T/clean --time=0 --shard=1/1 --format=json --output="$out/clean-part.json" 2> /dev/null
$SC --scan-merge="$out/clean-part.json" -q > "$out/clean-merged.txt" 2>&1
check merged_exit_0_for_a_pass "$([ $? = 0 ] && grep -q '^VERDICT: PASS' "$out/clean-merged.txt"; echo $?)" "not 0"
bad shard_zero "--shard=0/3: K must be 1 to N" --scan=$T/clean --shard=0/3
bad shard_past_n "--shard=4/3: K must be 1 to N" --scan=$T/clean --shard=4/3
bad shard_no_parts "--shard=1/0: N must be 1 to" --scan=$T/clean --shard=1/0
bad shard_junk "--shard=two/3: expected K/N" --scan=$T/clean --shard=two/3
bad shard_no_n "--shard=1: expected K/N" --scan=$T/clean --shard=1
bad shard_alone "--shard: goes with --scan" --shard=1/3
bad merge_missing_part "part 3/3 is missing" --scan-merge="$out/part1.json,$out/part2.json"
bad merge_part_twice "part 1/3 is given twice" --scan-merge="$out/part1.json,$out/part2.json,$out/part1.json"
bad merge_other_scan "is a part of another scan" --scan-merge="$out/part1.json,$out/clean-part.json"
bad merge_not_json "not JSON (line 1" --scan-merge="$out/mixed.txt"
bad merge_not_a_report "not the JSON report of a --scan" --scan-merge="docs/schemas/strcheck-scan.schema.json"
bad merge_with_scan "--scan-merge: merges the parts' reports: not with --scan" --scan-merge="$out/part1.json" --scan=$T/clean

replay=$($PY -c "import json,sys; print([f['replay'] for f in json.load(open(sys.argv[1]))['functions'] if f['verdict']=='fail'][0])" "$out/mixed.json")
(eval "build/$replay" > "$out/replay.txt" 2>&1)
rc=$?
check replay_of_the_defect "$([ $rc = 1 ] && grep -q '^DEFECT 1: content' "$out/replay.txt"; echo $?)" \
	"exit $rc from '$replay'"
replay=$($PY -c "import json,sys; print([f['replay'] for f in json.load(open(sys.argv[1]))['functions'] if f['function']=='proj_strlcpy'][0])" "$out/mixed.json")
(eval "build/$replay --time=0 -q" > "$out/replay-static.txt" 2>&1)
rc=$?
check replay_of_a_static_function "$([ $rc = 0 ] && [[ $replay == "strcheck --"*"=$T/mixed/util/str.c --symbol=proj_strlcpy"* ]]; echo $?)" \
	"exit $rc from '$replay'"

replay=$($PY -c "import json,sys; print([f['replay'] for f in json.load(open(sys.argv[1]))['functions'] if f['function']=='hdr_stpncpy'][0])" "$out/mixed.json")
(eval "build/$replay --time=0 -q" > "$out/replay-header.txt" 2>&1)
rc=$?
check replay_of_a_header_function "$([ $rc = 0 ] && [[ $replay == "strcheck --scan=$T/mixed/include/strutil.h --symbol=hdr_stpncpy"* ]]; echo $?)" \
	"exit $rc from '$replay'"

# ---- each row's line as it finishes, the totals; the progress line
# on a terminal only; -q: nothing ----
$SC --scan=$T/clean --time=0 -j 3 > /dev/null 2> "$out/notty.err"
grep -q '^\[1/1\] pass  *tests/scan-trees/clean/copy.c:4 tidy_strlcpy  strlcpy (inferred, 300/300 cases)' "$out/notty.err" &&
	grep -q '^scan: 1 function(s) in [0-9.]* s (-j 3), [01] row(s) from the cache$' "$out/notty.err" &&
	! grep -q $'\r' "$out/notty.err"
check row_lines_and_totals_when_not_a_terminal $? "$(head -c 300 "$out/notty.err")"
$SC --scan=$T/clean --time=0 -q > /dev/null 2> "$out/quiet.err"
check quiet_scan_prints_nothing_on_stderr "$([ ! -s "$out/quiet.err" ]; echo $?)" "$(head -c 200 "$out/quiet.err")"
if command -v script > /dev/null; then
	script -qec "$SC --scan=$T/clean --time=0 > /dev/null" /dev/null > "$out/tty.out" 2>&1
	grep -q 'scan: 1/1 tidy_strlcpy' "$out/tty.out"
	check progress_on_a_terminal $? "no progress line in $out/tty.out"
else
	skip "progress_on_a_terminal: script(1) not installed"
fi

# ---- interrupted (SIGINT to the scan alone, as a CI job's kill): the
# running check is told, reports what ran; the rest are listed as not
# checked (or not one of the eight, by their return type); exit 3; no
# process left ----
$SC --scan=$T/mixed -q --no-cache -j 2 > "$out/int.txt" 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
# (their own children go when they do: given up to 10 s on a busy machine;
# only this tree's processes count, not another checkout's running this
# suite at the same time)
for i in $(seq 20); do
	left=0
	for p in $(pgrep -f -- "--impl=$T/mixed"); do
		[ "$(readlink "/proc/$p/cwd" 2> /dev/null)" = "$PWD" ] && left=$((left + 1))
	done
	[ "$left" = 0 ] && break
	sleep 0.5
done
# every INCOMPLETE or NOT-CHECKED row says why (the check's "stopped")
nowhy=$($PY - "$out/int.txt" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().split("\n")
bad = [l for i, l in enumerate(lines) if re.search(r"  (INCOMPLETE|NOT-CHECKED) ", l)
       and not any(x.startswith("    why: ") for x in lines[i + 1:i + 3])]
print(len(bad))
PY
)
# (how many checks had started in that second depends on the machine: at
# least one had not, and every row without a verdict says why)
check interrupted_scan "$([ $rc = 3 ] && [ "$(grep -c 'why: the scan was interrupted (signal 2)' "$out/int.txt")" -ge 1 ] &&
	[ "$nowhy" = 0 ] && grep -q '^ *contract: not one of the eight: returns nothing' "$out/int.txt" &&
	[ "$left" = 0 ]; echo $?)" "exit $rc, $left process(es) left: $(head -c 300 "$out/int.txt")"

# ---- bad input: exit 2, one line ----
bad scan_missing "--scan=$out/none: No such file" --scan="$out/none"
bad scan_not_source "not a directory, nor a .c, .h or .S file" --scan=$T/mixed/README
bad scan_with_impl "--scan: checks the functions it finds itself" --scan=$T/clean --impl=x.c
bad scan_output_dir "" --scan=$T/clean --output=/proc/none/report.txt
