#!/usr/bin/env bash
# tier: check
# cost: 20
# A real project's file checked without its build (docs/your-code.md, "A
# file from a real project"), on small trees of strcheck's own
# (tests/trees/README): built as it is with compile_commands.json's flags;
# else its function built alone, with a static helper, a macro and a type
# of its file, a function another file of the tree defines, an attribute
# macro blanked, a header nobody has left out, a copy compiled only #ifndef
# HAVE_STRLCPY taken and exported; an assembly file under strcheck's entry
# macros; each report's "how" line saying so (text and JSON); a function
# that cannot be built: exit 2 and the reason; a lib/ folder beside
# include/linux/ is not a kernel tree, and a tree that looks like one but
# does not build as one is built as an ordinary project.
# Each run is the grid alone (--time=0 --no-race): deterministic.
# Prints "PASS name" / "FAIL name: why" / "SKIP name: why".
set -u
cd "$(dirname "$0")/.."
out=build/test/alone
rm -rf "$out"
mkdir -p "$out/tmp"
SC=$PWD/build/strcheck
export TMPDIR=$PWD/$out/tmp
unset CC CFLAGS
T=tests/trees

. tests/common.sh

if ! make -s build/strcheck > "$out/build.log" 2>&1; then
	fail "build_strcheck: see $out/build.log"
	exit 1
fi

# run NAME ARGS...: the report in $out/NAME.out, stderr in .err, status in $rc.
run() {
	local name=$1
	shift
	timeout 1200 "$SC" --time=0 --no-race "$@" > "$out/$name.out" 2> "$out/$name.err"
	rc=$?
}
# expect NAME WANT HOW ARGS...: the verdict WANT (verdict_is) and the
# report's second line (how it was built) matching the pattern HOW.
expect() {
	local name=$1 want=$2 how=$3
	shift 3
	run "$name" "$@"
	verdict_is "$want" $rc "$out/$name.out"
	check "$name" $? "expected $want, got exit $rc (see $out/$name.*)"
	sed -n 2p "$out/$name.out" | grep -q -- "$how"
	check "${name}_how" $? "line 2 is '$(sed -n 2p "$out/$name.out")', not /$how/"
}

# ---- built alone: the function and what it uses of its file ----
expect compat_header_missing pass \
	'^built alone: strlcpy + 0 static helpers + 0 macros + 0 types + 0 constants; left out: #include "compat.h"$' \
	--impl=$T/proj/compat/strlcpy.c --api=strlcpy
expect static_helper_macro_type pass \
	'^built alone: strlcpy + 1 static helper + 1 macro + 1 type + 0 constants; left out: #include "proj_internal.h"$' \
	--impl=$T/proj/lib/helper.c --api=strlcpy
expect wrapper_around_libc pass '^built alone: proj_strncpy + 0 static helpers' \
	--impl=$T/proj/lib/wrap.c --symbol=proj_strncpy --api=strncpy
grep -q '^note: the candidate calls string functions it does not define: strncpy' \
	"$out/wrapper_around_libc.out"
check wrapper_calls_the_libc_strncpy $? "see $out/wrapper_around_libc.out"
expect call_into_another_file pass '; from the tree: proj_stpncpy (lib/stpncpy.c);' \
	--impl=$T/proj/lib/calls.c --api=strncpy
expect attribute_macro_blanked pass '; blanked: PROJ_EXPORT; left out: #include "proj_cdefs.h"$' \
	--impl=$T/proj/lib/attr.c --api=strlcpy
expect old_style_definition pass '^built alone: strlcpy + 0 static helpers .*; left out: #include "proj_old.h"$' \
	--impl=$T/proj/lib/knr.c --api=strlcpy
# A weak alias of the file's function (the macro's header missing).
expect weak_alias_of_internal pass '^built alone: stpncpy (an alias of __stpncpy) + 0 static helpers' \
	--impl=$T/proj/lib/internal_stpncpy.c --api=stpncpy
# An implementation's internal function that glibc exports too: the tree's.
if [ "$(ldd --version 2>&1 | head -1 | grep -ci glibc)" -gt 0 ]; then
	expect internal_call_the_trees pass '; from the tree: __stpncpy (lib/internal_stpncpy.c)$' \
		--impl=$T/proj/lib/internal.c --api=strncpy
else
	skip "internal_call_the_trees: not glibc (whose __stpncpy would stand in)"
fi
# Compiled only #ifndef HAVE_STRLCPY (the tree's config.h defines it), and
# static: taken, exported, and its defect found.
expect conditional_static_copy overwrite \
	'^built alone: my_strlcpy .*; in its file under #ifndef HAVE_STRLCPY (taken for the check);' \
	--impl=$T/proj/lib/cond.c --symbol=my_strlcpy --api=strlcpy
if command -v clang > /dev/null; then
	expect clang_call_into_another_file pass '; from the tree: proj_stpncpy (lib/stpncpy.c);' \
		--impl=$T/proj/lib/calls.c --api=strncpy --cc=clang
else
	skip "clang_call_into_another_file: no clang"
fi

# ---- the report in JSON says the same ----
run json_how --impl=$T/proj/lib/helper.c --api=strlcpy --format=json
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["how"].startswith("built alone: strlcpy + 1 static helper"), d["how"]' \
	"$out/json_how.out" 2> "$out/json_how.py.err"
check json_report_has_how $? "$(tail -1 "$out/json_how.py.err")"

# ---- an assembly file: its missing header left out, strcheck's ENTRY/END ----
if [ "$(uname -m)" = x86_64 ]; then
	expect assembly_file pass "^built alone: the assembly file under strcheck's entry macros" \
		--impl=$T/proj/asm/strlcpy.S --api=strlcpy
else
	skip "assembly_file: the fixture is x86-64 assembly"
fi

# ---- a function that cannot be built: exit 2, the reason in one line ----
run cannot_build --impl=$T/proj/lib/broken.c --api=strlcpy
[ $rc = 2 ] && [ ! -s "$out/cannot_build.out" ] && [ "$(grep -c '^strcheck: ' "$out/cannot_build.err")" = 1 ] &&
	grep -q "^strcheck: cannot build $T/proj/lib/broken.c: .*; built alone: 'proj_context' is defined neither in $T/proj/lib/broken.c, nor in another file of the tree .*tests/trees/proj, nor in the standard headers$" \
		"$out/cannot_build.err"
check cannot_build_says_why $? "exit $rc (see $out/cannot_build.err)"
run no_such_function --impl=$T/proj/lib/helper.c --api=strlcat
[ $rc = 2 ] && grep -q "built alone: $T/proj/lib/helper.c defines no function strlcat (name the one to check with --symbol)$" \
	"$out/no_such_function.err"
check no_such_function_says_so $? "exit $rc (see $out/no_such_function.err)"

# ---- compile_commands.json: its flags, or the copy's defect without them ----
cp -r $T/ccdb "$out/ccdb"
mkdir -p "$out/ccdb/build"
cat > "$out/ccdb/compile_commands.json" << EOF
[
  {"directory": "$PWD/$out/ccdb/build", "file": "../src/copy.c",
   "command": "ccache gcc -DPROJ_CHECKED=1 -I../inc -MD -MF copy.d -Werror -c ../src/copy.c -o copy.o"},
  {"directory": "$PWD/$out/ccdb", "file": "src/other.c", "arguments": ["cc", "-DPROJ_CHECKED=0", "-c", "src/other.c"]}
]
EOF
expect ccdb_flags pass "^built as is with compile_commands.json ($PWD/$out/ccdb/compile_commands.json)$" \
	--impl="$out/ccdb/src/copy.c" --api=strlcpy
grep -q "^built: cc -fPIC -shared -O2 -g -Wl,--require-defined=strlcpy -DPROJ_CHECKED=1 -I$PWD/$out/ccdb/build/../inc -Wl," "$out/ccdb_flags.out"
check ccdb_flags_taken_dependency_flags_left $? "see $out/ccdb_flags.out"
rm "$out/ccdb/compile_commands.json"
expect ccdb_absent_defect overwrite '^built alone: strlcpy' --impl="$out/ccdb/src/copy.c" --api=strlcpy

# ---- a kernel tree is what has Kconfig, Kbuild, arch/ and scripts/ ----
expect lib_beside_include_linux_not_a_kernel pass '^built: ' --impl=$T/notkernel/lib/memccpy.c --api=memccpy
! grep -q '^kernel\|taken for a kernel tree' "$out/lib_beside_include_linux_not_a_kernel.out"
check lib_beside_include_linux_no_kernel_build $? "see $out/lib_beside_include_linux_not_a_kernel.out"
expect kernel_like_tree_retried pass '^built: ' --impl=$T/kernellike/lib/strlcpy.c --api=strlcpy
grep -q "^note: $T/kernellike/lib/strlcpy.c was taken for a kernel tree's file and does not build as one (.*has no arch/.*word-at-a-time.h.*): built as an ordinary project's$" \
	"$out/kernel_like_tree_retried.out"
check kernel_like_tree_note $? "see $out/kernel_like_tree_retried.out"
# ... unless the kernel build was asked for: then its error stands.
run kernel_asked --impl=$T/kernellike/lib/strlcpy.c --api=strlcpy --kernel-wat=x86
[ $rc = 2 ] && grep -q '^strcheck: .*has no arch/x86/include/asm/word-at-a-time.h' "$out/kernel_asked.err"
check kernel_build_asked_for_not_retried $? "exit $rc (see $out/kernel_asked.err)"
# A kernel tree without the markers is an ordinary project's: its strscpy
# built alone wants the kernel's REPEAT_BYTE, which this small tree lacks.
cp -rL tests/kernel-tree-v6 "$out/unmarked"
rm -rf "$out/unmarked/Kconfig" "$out/unmarked/scripts"
touch "$out/unmarked/configure.ac"
run unmarked_kernel_tree --impl="$out/unmarked/lib/string.c" --symbol=strscpy
[ $rc = 2 ] && grep -q "; built alone: 'REPEAT_BYTE' is defined neither in " "$out/unmarked_kernel_tree.err"
check kernel_tree_without_markers_is_ordinary $? "exit $rc (see $out/unmarked_kernel_tree.*)"

# Nothing left behind in TMPDIR.
[ "$(ls "$TMPDIR" | grep -c '^strcheck-build')" = 0 ]
check no_build_directories_left $? "$(ls "$TMPDIR")"
