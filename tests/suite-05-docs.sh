#!/usr/bin/env bash
# The documents: README.md is the short front door (under 12 KB, with the
# quick start), every relative link in README.md and docs/*.md reaches a
# file (and, with #anchor, a heading of it), and no comment or document
# cites a "SPEC section" (no such file is part of the project); the rule
# table of docs/contract.md is the one strcheck --list-rules prints (the
# table the judge and the reports use, src/engine/rules.c).
set -u
cd "$(dirname "$0")/.."

pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; }

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
