#!/usr/bin/env bash
# scripts/sarif-validator.sh: fetch Microsoft's SARIF validator and the
# SARIF 2.1.0 schema (npm's @microsoft/sarif-multitool-linux) once, into
# build/validators/sarif/package/, for every suite that validates SARIF
# (scripts/test.sh runs it before the suites, so none skips for want of it).
# Exit 0 when it is there, 1 (with one line on stderr) when it cannot be had.
set -u
cd "$(dirname "$0")/.."
val=build/validators/sarif
[ -x "$val/package/Sarif.Multitool" ] && [ -f "$val/package/sarif-2.1.0.json" ] && exit 0
if ! command -v npm > /dev/null; then
	echo "sarif-validator: no npm here (Debian package npm)" >&2
	exit 1
fi
mkdir -p "$val"
if ( cd "$val" && npm pack --silent @microsoft/sarif-multitool-linux@5.7.0 > pack.log 2>&1 &&
     tar xzf microsoft-sarif-multitool-linux-5.7.0.tgz && chmod +x package/Sarif.Multitool ); then
	exit 0
fi
echo "sarif-validator: npm pack @microsoft/sarif-multitool-linux failed (see $val/pack.log)" >&2
exit 1
