#!/usr/bin/env bash
# ci-recipe.sh DIR: run the steps of docs/ci/strcheck.yml as a GitHub
# runner would, here: strcheck cloned from this repository (its committed
# HEAD) and installed under DIR, a user project whose library has a known
# defect, the check, and the final step that must fail on that defect.
# The `uses:` steps (checkout, uploads) are GitHub's own and are skipped;
# what they would upload is checked instead.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mkdir -p "$1" && cd "$1" && pwd)
rm -rf "$dir"/*
mkdir -p "$dir/user" "$dir/tmp"

# The user's project: one defective strscpy and a Makefile that builds it.
cp "$top/tests/zoo/bad_leak_final_word.c" "$dir/user/mystring.c"
printf 'build/libmystring.so: mystring.c\n\tmkdir -p build\n\tcc -O1 -fPIC -shared -o $@ mystring.c\n' \
	> "$dir/user/Makefile"

export RUNNER_TEMP=$dir/tmp GITHUB_OUTPUT=$dir/github_output GITHUB_PATH=$dir/github_path
: > "$GITHUB_OUTPUT"
: > "$GITHUB_PATH"
/usr/bin/python3 - "$top/docs/ci/strcheck.yml" "$dir/steps" <<'PY'
import os, sys, yaml
wf = yaml.safe_load(open(sys.argv[1]))
job = wf["jobs"]["strcheck"]
os.makedirs(sys.argv[2], exist_ok=True)
with open(os.path.join(sys.argv[2], "env"), "w") as f:
    for k, v in job["env"].items():
        f.write("export %s=%s\n" % (k, "'" + str(v).replace("'", "'\\''") + "'"))
n = 0
for step in job["steps"]:
    if "run" in step:
        n += 1
        with open(os.path.join(sys.argv[2], "%02d.sh" % n), "w") as f:
            f.write(step["run"])
PY
. "$dir/steps/env"
export STRCHECK_REPO=$top STRCHECK_PREFIX=$dir/prefix
sudo() { "$@"; }
export -f sudo
cd "$dir/user"
last=$(ls "$dir/steps"/*.sh | tail -1)
for step in "$dir"/steps/[0-9]*.sh; do
	# What the runner substitutes before running a step.
	status=$(sed -n 's/^status=//p' "$GITHUB_OUTPUT" | tail -1)
	sed -i "s/\${{ steps.check.outputs.status }}/$status/" "$step"
	PATH=$(tac "$GITHUB_PATH" | tr '\n' ':')$PATH
	if [ "$step" = "$last" ]; then
		if bash -e "$step"; then
			echo "the last step passed on a defective library"
			exit 1
		fi
		echo "last step failed on the defect, as it should"
	else
		echo "== $(basename "$step")"
		bash -e "$step"
	fi
done
[ "$(sed -n 's/^status=//p' "$GITHUB_OUTPUT")" = 1 ]
/usr/bin/python3 -c "import json,sys; r=json.load(open('strcheck.sarif'))['runs'][0]['results']; sys.exit(0 if any(x['properties']['class']=='leak' for x in r) else 1)"
xmllint --noout --schema "$top/docs/schemas/junit.xsd" strcheck-junit.xml
echo "ci recipe: ok"
