#!/usr/bin/env bash
# gen-samples.sh STRCHECK FILE...: regenerate the sample output in the
# Markdown pages.  A sample is the lines between
#     <!-- sample: strcheck ARGS -->
#     <!-- end sample -->
# and becomes what `STRCHECK ARGS` prints (stdout and stderr, indented four
# spaces as a code block; its exit status on a last line "(exit N)" when it
# is not 0; a limit of the host, the untrapped time-stamp counter, left
# out).  ARGS must make the run deterministic: --cases=N and --no-race
# (or one case), --time=0 so no deadline cuts the grid on a busy machine.
# `make docs` runs it; tests/suite-05-docs.sh checks that it would change
# nothing.
set -eu
sc=$1
shift
for md in "$@"; do
	python3 - "$sc" "$md" <<'PY'
import re, shlex, subprocess, sys
sc, md = sys.argv[1], sys.argv[2]
lines = open(md, encoding="utf-8").read().split("\n")
out, i, changed = [], 0, False
while i < len(lines):
    m = re.match(r"<!-- sample: strcheck (.*) -->$", lines[i])
    out.append(lines[i])
    i += 1
    if not m:
        continue
    j = i
    while j < len(lines) and lines[j] != "<!-- end sample -->":
        j += 1
    if j == len(lines):
        sys.exit("gen-samples.sh: %s: a sample without its end line" % md)
    r = subprocess.run([sc] + shlex.split(m.group(1)), stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, timeout=300)
    # A limit of the host, not of the run (docs/tamper.md: a hypervisor
    # that runs rdtsc natively), is left out: a sample is the same on
    # every machine.
    text = [re.sub(r"; rdtsc not trapped \(.*?\): the candidate can time its calls", "", t)
            for t in r.stdout.rstrip("\n").split("\n")]
    if r.returncode:
        text.append("(exit %d)" % r.returncode)
    block = [""] + [("    " + t).rstrip() for t in text] + [""]
    if lines[i:j] != block:
        changed = True
    out.extend(block)
    i = j
if changed:
    open(md, "w", encoding="utf-8").write("\n".join(out))
    print("gen-samples.sh: %s updated" % md)
PY
done
