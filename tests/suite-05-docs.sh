#!/usr/bin/env bash
# tier: check
# cost: 32
# The documents, as checked artefacts: README.md is the short front door
# (under 12 KB, with the quick start), every relative link in README.md and
# docs/*.md reaches a file (and, with #anchor, a heading of it), and no
# comment or document cites a "SPEC section" (no such file is part of the
# project); the rule table of docs/contract.md is the one strcheck
# --list-rules prints (the table the judge and the reports use,
# src/engine/judge/rules.c), and every list of the defect classes and every
# count of them in the docs is that table's; every strcheck command of the
# README and of the man page's EXAMPLES runs (against stand-ins for "your"
# files, tests/docs/); the sample reports are what strcheck prints now
# (scripts/gen-samples.sh); docs/internals.md's file table names files
# that exist and every file of the program.  (The exit-status tables and
# the man page's OPTIONS: tests/suite-31-options.sh.)
set -u
cd "$(dirname "$0")/.."

. tests/common.sh

size=$(wc -c < README.md)
if [ "$size" -lt 12288 ]; then
	pass "readme_under_12k ($size bytes)"
else
	fail "readme_under_12k: README.md is $size bytes; move detail to docs/"
fi
missing=
for cmd in 'make run' 'make test'; do
	grep -q "$cmd" README.md || missing="$missing '$cmd'"
done
[ -z "$missing" ] && pass readme_quick_start || fail "readme_quick_start: README.md lacks$missing"

# Relative links: [text](path) and [text](path#anchor); anchors as GitHub
# makes them from headings (lower case, punctuation dropped, spaces to -).
bad=$(python3 - README.md docs/*.md <<'PY'
import os, re, sys
def slugs(path):
    out = set()
    for line in open(path, encoding="utf-8"):
        m = re.match(r"#+\s+(.*)", line)
        if m:
            s = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower())
            out.add(s.replace(" ", "-"))
    return out
bad = []
for doc in sys.argv[1:]:
    text = open(doc, encoding="utf-8").read()
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
        if not os.path.exists(full):
            bad.append("%s: %s (no such file)" % (doc, target))
        elif anchor and full.endswith(".md") and anchor not in slugs(full):
            bad.append("%s: %s (no such heading)" % (doc, target))
print("; ".join(bad))
PY
)
[ -z "$bad" ] && pass docs_links_resolve || fail "docs_links_resolve: $bad"

cited=$(git grep -n -I 'SPEC section' -- . ':!tests/suite-05-docs.sh' 2>/dev/null | head -3)
[ -z "$cited" ] && pass no_spec_section_citations || fail "no_spec_section_citations: $cited"

# docs/contract.md's rule table, row for row, is strcheck's.
if make -s build/strcheck > /dev/null 2>&1; then
	diff=$(build/strcheck --list-rules | python3 -c '
import re, sys
have = [tuple(l.split(None, 2)) for l in sys.stdin.read().splitlines() if l.strip()]
doc = []
for l in open("docs/contract.md", encoding="utf-8"):
    m = re.match(r"\| `([a-z0-9-]+)` \| ((?:`[a-z-]+`(?:, )?)+) \| (.*) \|$", l)
    if m:
        doc.append((m.group(1), ",".join(re.findall(r"`([a-z-]+)`", m.group(2))), m.group(3)))
missing = [r for r in have if r not in doc]
extra = [r for r in doc if r not in have]
print("; ".join(["not in the doc: " + " ".join(r[:2]) for r in missing] +
                ["not in --list-rules: " + " ".join(r[:2]) for r in extra]))')
	[ -z "$diff" ] && pass "contract_rule_table_matches_strcheck" ||
		fail "contract_rule_table_matches_strcheck: $diff (docs/contract.md, \"The rules\")"
else
	fail "contract_rule_table_matches_strcheck: make build/strcheck failed"
fi

if ! make -s build/strcheck build/libstrscpy.so zoo > /dev/null 2>&1; then
	fail "docs_build: make build/strcheck build/libstrscpy.so zoo failed"
	exit 1
fi
out=build/test/docs
# The README's --scan example keeps its cache here, not in the runner's home.
export XDG_CACHE_HOME="$PWD/$out/cache"
rm -rf "$out"
mkdir -p "$out"

# ---- the defect classes: every list and count of them is the rule table's ----
build/strcheck --list-rules > "$out/rules.txt"
bad=$(python3 - "$out/rules.txt" README.md docs/*.md docs/strcheck.1 <<'PY'
import re, sys
classes = set()
for line in open(sys.argv[1]):
    if line.strip():
        classes.update(line.split()[1].split(","))
words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"]
bad = []
for doc in sys.argv[2:]:
    text = open(doc, encoding="utf-8").read()
    # Prose only: a table row names a rule's classes, not all of them.
    flat = re.sub(r"\s+", " ", "\n".join(l for l in text.splitlines() if not l.startswith("|")))
    for m in re.finditer(r"\b(\w+) (?:defect )?classes\b", flat):
        n = m.group(1).lower()
        n = words.index(n) if n in words else int(n) if n.isdigit() else None
        if n is not None and n != len(classes):
            bad.append("%s: '%s' (the rule table has %d)" % (doc, m.group(0), len(classes)))
    # A list of five or more backticked class names names all of them
    # (or says which it leaves out: "never `race`").
    for m in re.finditer(r"(?:`[a-z-]+`,? (?:and |or )?){5,}", flat):
        named = re.findall(r"`([a-z-]+)`", m.group(0))
        rest = set(re.findall(r"`([a-z-]+)`", flat[m.end():m.end() + 200]))
        if set(named) <= classes and not classes <= set(named) | rest:
            bad.append("%s: a class list without %s" % (doc, " ".join(sorted(classes - set(named)))))
    if doc.endswith("contract.md"):
        rows = set(re.findall(r"^\| `([a-z-]+)` \| [^`]", text, re.M))
        if rows & classes != classes:
            bad.append("%s: the class table lacks %s" % (doc, " ".join(sorted(classes - rows))))
print("; ".join(bad))
PY
)
check docs_classes_are_the_rule_tables "$([ -z "$bad" ]; echo $?)" "$bad"

# ---- every strcheck command of the README and the man page's EXAMPLES runs ----
# Stand-ins for the files the examples name, in a scratch directory.
ex=$out/examples
mkdir -p "$ex"
cc -O1 -fPIC -shared -fno-builtin -o "$ex/mine.so" tests/docs/mine.c &&
	cp "$ex/mine.so" "$ex/libmine.so" && cp tests/docs/mine.c "$ex/my_strscpy.c" &&
	cc -O1 -fPIC -fno-builtin -c -o "$ex/mine.o" tests/docs/mine.c && ar rcs "$ex/libmine.a" "$ex/mine.o" &&
	cp tests/sources/libc/strncpy.c tests/sources/libc/stpncpy.c "$ex/" &&
	ln -sfn "$PWD/tests/kernel-tree" "$ex/linux" &&
	printf '\000\000\000\040\004\000\000\000\000\000\000\000abcd\000' > "$ex/crash-1a2b3c" ||
	fail "docs_examples_stand_ins: cannot build them"
python3 - README.md docs/strcheck.1 > "$out/examples.txt" <<'PY'
import re, sys
readme, man = sys.argv[1], sys.argv[2]
for line in open(readme, encoding="utf-8"):
    m = re.match(r"    (build/strcheck .*?)\s*(#.*)?$", line)
    if m:
        print("readme\t" + m.group(1))
text = open(man, encoding="utf-8").read()
ex = text[text.index(".SH EXAMPLES"):]
ex = ex[:ex.index("\n.SH ", 1)]
cmd = ""
for line in ex.splitlines():
    line = line.replace("\\-", "-")
    cont = line.endswith("\\e")
    line = line[:-2] if cont else line
    if cmd or line.startswith("strcheck "):
        cmd += line.strip() + " "
        if not cont:
            print("man\t" + cmd.strip())
            cmd = ""
PY
n=0
top=$PWD
while IFS=$'\t' read -r from cmd; do
	n=$((n + 1))
	name=docs_example_${from}_$n
	# As written, but without random cases (--time=0: the plan alone)
	# and without the concurrent checks: what is checked is that it
	# starts (options, files, build), not what a full run finds.  "> FILE"
	# is the shell's.
	args=${cmd#build/strcheck }
	args=${args#strcheck }
	redirect=/dev/null
	case $args in *" > "*) redirect=${args##* > }; args=${args% > *} ;; esac
	eval "set -- $args"
	(cd "$ex" && timeout 1200 "$top/build/strcheck" "$@" --time=0 --no-race > "$redirect" 2> "$top/$out/$name.err")
	rc=$?
	if [ $rc = 2 ] && grep -q "make cross\|install qemu\|needs qemu" "$out/$name.err"; then
		skip "$name: no cross build here: $cmd"
		continue
	fi
	# 0 pass, 1 defects, 3 cut short: it ran.  2 (usage or load error): stale.
	check "$name" "$([ $rc = 0 ] || [ $rc = 1 ] || [ $rc = 3 ]; echo $?)" \
		"'$cmd' exits $rc: $(head -c 300 "$out/$name.err")"
done < "$out/examples.txt"
check docs_examples_found "$([ "$n" -ge 8 ]; echo $?)" "only $n strcheck commands found in README.md and docs/strcheck.1"

# ---- the sample reports are what strcheck prints now ----
if [ "$(uname -m)" = x86_64 ]; then
	samples=$(grep -l '^<!-- sample: strcheck' README.md docs/*.md)
	for f in $samples; do
		mkdir -p "$out/samples/$(dirname "$f")"
		cp "$f" "$out/samples/$f"
	done
	bash scripts/gen-samples.sh build/strcheck $(for f in $samples; do echo "$out/samples/$f"; done) > /dev/null
	stale=""
	for f in $samples; do
		cmp -s "$f" "$out/samples/$f" || stale="$stale $f"
	done
	check docs_samples_are_current "$([ -n "$samples" ] && [ -z "$stale" ]; echo $?)" \
		"stale:$stale (run make docs; diff $out/samples/)"
else
	skip "docs_samples_are_current: the samples are of an x86-64 run"
fi

# ---- docs/internals.md: the file table names files git has, and every file
# of the program and its tests ----
bad=$(git ls-files --cached --others --exclude-standard | python3 -c '
import re, sys
tracked = set(sys.stdin.read().split())
dirs = {p.rsplit("/", 1)[0] for p in tracked if "/" in p}
named, missing = set(), []
for line in open("docs/internals.md", encoding="utf-8"):
    m = re.match(r"\| (`[^|]*`) \|", line)
    if not m:
        continue
    base = ""
    for path in re.findall(r"`([^`]+)`", m.group(1)):
        if "/" not in path and base:
            path = base + "/" + path
        base = path.rsplit("/", 1)[0] if "/" in path.rstrip("/") else base
        expanded = [path]
        b = re.search(r"\[([a-z]+)\]", path)
        if b:
            expanded = [path[:b.start()] + c + path[b.end():] for c in b.group(1)]
        for p in expanded:
            if "*" in p:
                rx = re.compile(re.escape(p).replace(r"\*", "[^/]*") + "$")
                hits = [t for t in tracked if rx.match(t)]
            elif p.endswith("/"):
                hits = [t for t in tracked if t.startswith(p)]
            else:
                hits = [p] if p in tracked or p in dirs else []
            if not hits:
                missing.append(p)
            named.update(hits)
            if p in dirs:
                named.update(t for t in tracked if t.startswith(p + "/"))
unnamed = sorted(t for t in tracked
                 if re.match(r"(src|scripts|mk|fuzz|ref)/|tests/[^/]+$", t) and t not in named)
out = []
if missing:
    out.append("named but not in git: " + " ".join(missing))
if unnamed:
    out.append("not in the table: " + " ".join(unnamed))
print("; ".join(out))')
check docs_internals_file_table_is_the_tree "$([ -z "$bad" ]; echo $?)" "$bad"
exit 0
