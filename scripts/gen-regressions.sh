#!/usr/bin/env bash
# gen-regressions.sh: regenerate corpus/regressions/*.case from
# corpus/regressions/MANIFEST.  For each line, strcheck runs against the
# zoo entry named there (grid and a fixed number of random cases, seed 1,
# no race check) and the first case of the defect of the expected class
# (the "case" of the JSON report: the engine's encoding, in hex) is saved
# as FILE.case.  Grid and seed are fixed, so the same sources give the
# same files.  Exits 1 if an entry finds nothing or another class.
# Run it after a change of the case encoding (src/engine/case/case.c) or of
# the grid, then commit corpus/regressions/.  With FILE names as arguments
# (the MANIFEST's first column) it writes only those, e.g. a new entry's.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
dir=corpus/regressions
make -s "$BUILD/strcheck" zoo BUILD="$BUILD" > /dev/null
status=0
n=0
while read -r file zoo sym api flags class correct; do
	case $file in ''|'#'*) continue ;; esac
	[ $# -eq 0 ] || [[ " $* " == *" $file "* ]] || continue
	[ "$flags" = - ] && flags=
	json=$("$BUILD/strcheck" --impl="$BUILD/zoo/$zoo.so" --symbol="$sym" --api="$api" \
		--no-race --cases=2000 --format=json ${flags//,/ } 2> /dev/null || true)
	# The first case of the first defect of the expected class, as bytes.
	if ! python3 -c '
import json, sys
d = [x for x in json.loads(sys.argv[1])["defects"] if x["class"] == sys.argv[2] and x["case"]]
if not d:
    sys.exit(1)
open(sys.argv[3], "wb").write(bytes.fromhex(d[0]["case"]))' "$json" "$class" "$dir/$file.case"; then
		echo "gen-regressions: $zoo: no $class defect with a case" >&2
		status=1
		continue
	fi
	n=$((n + 1))
done < "$dir/MANIFEST"
echo "$dir/: $n regression case(s) written"
exit $status
