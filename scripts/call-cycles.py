#!/usr/bin/env python3
"""call-cycles.py OBJ...: which source files call each other in a circle.
call-cycles.py --includes DIR: which sources under DIR (src/, or one of
its rooms) include a header through a wall.

Reads each object's defined and undefined global symbols (nm), draws an
edge from file A to file B when A uses a symbol B defines, and prints each
circle (strongly connected set of two or more files) on one line:
"cycle: a.o b.o".  Prints "no cycles (N files)" otherwise.

It also checks the doors between the layers and rooms (docs/internals.md),
by the directory an object was built in: src/lib and ref/ <- src/engine
<- the program's rooms.  The program's rooms (PROGRAM_ROOMS) call only the
rooms below them: the command line (cli/) calls the other four, the scan
(scan/) getting the candidate (candidate/) and the reports (report/), the
reports the supervised run's record (supervise/record/) and nothing else
of the supervisor, and neither getting the candidate nor the supervised
run calls another room.  A room's sub-rooms (one folder down) call only
the sub-rooms SUB_ROOMS lets them; the room's own files above them call
all of them.  Inside src/engine each room calls only the rooms below it
(ENGINE_ROOMS): base <- case <- memory <- judge <- run <- trace <- race,
and load (loading and inspecting the candidate) beside them on base, case
and memory; an engine room's sub-rooms (ENGINE_SUB_ROOMS) follow the same
rule as the program's, and include of their hall only its doors
(ENGINE_DOORS).  Each call through a wall is printed as
"door: a.o -> b.o (symbol)".

--includes checks the same walls on the '#include "..."' lines, and that
a room is entered by its door: a file of another room includes only the
headers DOORS names (the reports: only the record's).  Each wrong one is
printed as "include: FILE -> HEADER".

call-cycles.py --include-cycles DIR...: which files include each other
(a.c includes b.h, directly or through other headers, and b.c a.h),
printed as "include cycle: a b".

Exit 1 on a cycle or a wrong door, 2 on bad input.  (Functions inlined
from headers leave no symbol: they are the header's, not a file's.)
"""
import subprocess
import sys


def symbols(obj):
    out = subprocess.run(["nm", "-P", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            used.add(name)
        elif kind.isupper() and kind not in "N":
            defined.add(name)
    return defined, used


def sccs(nodes, edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            visit(v)
    return out


# The program's rooms, top first, each with the rooms it may call (besides
# the engine, the library and the references).
PROGRAM_ROOMS = {
    "cli": {"scan", "report", "supervise", "candidate"},
    "scan": {"report", "candidate"},
    "report": {"supervise"},
    "supervise": set(),
    "candidate": set(),
}
# Where a room may enter another: the places of the callee it may call
# (default: any), and the headers it may include (default: DOORS).
ENTRY = {("report", "supervise"): {"supervise/record"}}
DOORS = {
    "cli": set(),
    "scan": {"scan/scan.h"},
    "report": {"report/report.h", "report/deliver.h"},
    "supervise": {"supervise/watch.h"},
    "candidate": {"candidate/candidate.h"},
}
DOOR_INCLUDES = {("report", "supervise"): {"supervise/record/record.h",
                                           "supervise/record/map_cells.h"}}
# Each room's sub-rooms, with the sub-rooms of the same room each may call
# or include; the room's own files (its hall) may use all of them, and a
# sub-room may include its room's doors (their types), never call its hall.
SUB_ROOMS = {
    "candidate": {"source": set(), "compile": set(), "arch": {"compile"},
                  "kernel": {"compile", "source", "arch"}, "alone": {"compile", "source"}},
    "supervise": {"record": set(), "plan": {"record"}, "sandbox": {"plan", "record"},
                  "child": {"sandbox", "plan", "record"}},
    "report": {"formats": set(), "repro": {"formats"}},
    "scan": {"find": set(), "infer": set(), "report": set()},
}
# The engine's rooms, each with the rooms it may call (besides lib, ref).
_ORDER = ["base", "case", "memory", "judge", "run", "trace", "race"]
ENGINE_ROOMS = {"engine/" + r: {"engine/" + b for b in _ORDER[:i]} for i, r in enumerate(_ORDER)}
ENGINE_ROOMS["engine/load"] = {"engine/base", "engine/case", "engine/memory"}
# An engine room's sub-rooms, as for the program's: each with the sub-rooms
# of its room it may call; none calls its room's own files (its hall), the
# hall calls all of them; a sub-room may include its room's doors.
ENGINE_SUB_ROOMS = {
    "trace": {"insn": set(), "memory": {"insn"}},
    "race": {"sampled": set(), "traced": set()},
}
ENGINE_DOORS = {"trace": {"trace.h"}, "race": {"race.h", "race_trace.h"}}


def place_of_parts(parts):
    """The place of a path's parts: "lib", "ref", "engine/ROOM", "ROOM" or
    "ROOM/SUB" of the program (the first part naming a program room), or
    None."""
    for i, p in enumerate(parts[:-1]):
        if p in PROGRAM_ROOMS:
            sub = parts[i + 1] if i + 2 < len(parts) else None
            if sub in SUB_ROOMS.get(p, {}):
                return p + "/" + sub
            return p
    if len(parts) > 1 and parts[-2] == "ref":
        return "ref"
    if "engine" in parts:
        # build/engine/src/engine/ROOM[/SUB]/x.o: the room after the last
        # "engine", and its sub-room.
        i = len(parts) - 1 - parts[::-1].index("engine")
        if i + 2 >= len(parts):
            return "engine"
        room, sub = parts[i + 1], parts[i + 2] if i + 3 < len(parts) else None
        return "engine/" + room + ("/" + sub if sub in ENGINE_SUB_ROOMS.get(room, {}) else "")
    if len(parts) > 2 and parts[-3] in ENGINE_SUB_ROOMS and parts[-2] in ENGINE_SUB_ROOMS[parts[-3]]:
        return "engine/%s/%s" % (parts[-3], parts[-2])   # --includes src/engine: DIR/ROOM/SUB/x.c
    if len(parts) > 1 and parts[-2] in _ORDER + ["load"]:
        return "engine/" + parts[-2]   # --includes src/engine: DIR/ROOM/x.c
    if "lib" in parts or "kshim" in parts:
        return "lib"
    return None


# Layer or room of an object, from the directory it was built in.
def place(obj):
    return place_of_parts(obj.replace("\\", "/").split("/"))


def place_ok(pa, pb):
    """May place pa use place pb (call it, or include a header of it)?"""
    if pa is None or pb is None or pa == pb:
        return True
    if pb in ("lib", "ref"):
        return True
    if pa in ("lib", "ref"):
        return False
    if pa.startswith("engine"):
        if not pb.startswith("engine"):
            return False
        ra, sa = (pa.split("/")[1:] + [None])[:2]
        rb, sb = (pb.split("/")[1:] + [None])[:2]
        if ra != rb:
            return "engine/" + rb in ENGINE_ROOMS.get("engine/" + ra, set())
        if sa is None:
            return True                 # the hall uses its sub-rooms
        if sb is None:
            return False                # a sub-room calling its hall
        return sb in ENGINE_SUB_ROOMS[ra][sa]
    if pb.startswith("engine"):
        return True
    ra, sa = (pa.split("/") + [None])[:2]
    rb, sb = (pb.split("/") + [None])[:2]
    if ra != rb:
        return rb in PROGRAM_ROOMS[ra] and pb.startswith(tuple(ENTRY.get((ra, rb), {rb})))
    if sa is None:
        return True                     # the hall uses its sub-rooms
    if sb is None:
        return False                    # a sub-room calling its hall
    return sb in SUB_ROOMS[ra][sa]


def door_ok(a, b, target):
    return place_ok(place(a), place(b))


def include_ok(src_rel, hdr_rel):
    """May the file at src_rel (relative to src/) include hdr_rel?"""
    import os
    pa = place_of_parts(src_rel.split("/"))
    pb = place_of_parts(hdr_rel.split("/"))
    if pa is not None and pb is not None and pa.startswith("engine") and pb.startswith("engine") \
            and pa.count("/") == 2 and pb.count("/") == 1 and pa.split("/")[1] == pb.split("/")[1]:
        return os.path.basename(hdr_rel) in ENGINE_DOORS.get(pb.split("/")[1], set())
    if pa is None or pb is None or pa == pb or pa.startswith("engine") or pb.startswith("engine") \
            or "lib" in (pa, pb) or "ref" in (pa, pb):
        return place_ok(pa, pb)
    ra, rb = pa.split("/")[0], pb.split("/")[0]
    # The header as a room's door is named from the room down (room/x.h).
    hdr = hdr_rel[hdr_rel.index(rb + "/"):] if (rb + "/") in hdr_rel else hdr_rel
    if ra != rb:
        return rb in PROGRAM_ROOMS[ra] and hdr in DOOR_INCLUDES.get((ra, rb), DOORS[rb])
    if "/" in pb or "/" not in pa:
        return place_ok(pa, pb)
    return hdr in DOORS[rb]            # a sub-room: its room's door (the room's types)


def include_doors(root):
    """Each '#include "x.h"' in the .c and .h files under root through a wall
    (paths taken relative to root's parent when root is one room, so that
    src/engine and src give the same places)."""
    import os
    import re
    bad = []
    root = os.path.normpath(root)
    base = root if os.path.basename(root) == "src" or not os.path.basename(root) in \
        set(PROGRAM_ROOMS) | {"engine"} else os.path.dirname(root)
    for d, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith((".c", ".h")):
                continue
            path = os.path.join(d, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
                if "/" not in inc:
                    continue                # beside it, or generated (build/gen)
                hdr = os.path.normpath(os.path.join(d, inc))
                s_rel, h_rel = os.path.relpath(path, base), os.path.relpath(hdr, base)
                if not include_ok(s_rel, h_rel):
                    bad.append("include: %s -> %s" % (s_rel, h_rel))
    return bad


def include_cycles(roots):
    """Each pair of .c files under roots that include each other: a.c
    includes b.h, directly or through other headers, and b.c includes a.h
    (a room's private header that includes its door is not a pair)."""
    import os
    import re
    incs = {}
    for root in roots:
        for d, _, names in sorted(os.walk(root)):
            for name in sorted(names):
                if name.endswith((".c", ".h")):
                    path = os.path.normpath(os.path.join(d, name))
                    with open(path, encoding="utf-8", errors="replace") as f:
                        text = f.read()
                    incs[path] = [os.path.normpath(os.path.join(d, i)) for i in
                                  re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M)]

    def reach(path):
        seen, todo = set(), [path]
        while todo:
            for h in incs.get(todo.pop(), []):
                if h not in seen:
                    seen.add(h)
                    todo.append(h)
        return seen

    cs = sorted(p for p in incs if p.endswith(".c"))
    seen = {c: reach(c) for c in cs}
    return [[a[:-2], b[:-2]] for i, a in enumerate(cs) for b in cs[i + 1:]
            if b[:-2] + ".h" in seen[a] and a[:-2] + ".h" in seen[b]]


def main(objs):
    if objs[:1] == ["--include-cycles"] and len(objs) > 1:
        cycles = include_cycles(objs[1:])
        for c in cycles:
            print("include cycle: " + " ".join(c))
        if not cycles:
            print("no file includes another that includes it")
        return 1 if cycles else 0
    if objs[:1] == ["--includes"] and len(objs) == 2:
        bad = include_doors(objs[1])
        for b in bad:
            print(b)
        if not bad:
            print("no include through a wall")
        return 1 if bad else 0
    if not objs:
        print("usage: call-cycles.py OBJ... | --includes DIR | --include-cycles DIR...", file=sys.stderr)
        return 2
    info = {o: symbols(o) for o in objs}
    owner = {}
    for o, (defined, _) in info.items():
        for s in defined:
            owner.setdefault(s, o)
    edges = {o: sorted({owner[s] for s in used if s in owner and owner[s] != o})
             for o, (_, used) in info.items()}
    cycles = [sorted(c) for c in sccs(sorted(objs), edges) if len(c) > 1]
    for c in cycles:
        print("cycle: " + " ".join(c))
    if not cycles:
        print("no cycles (%d files)" % len(objs))
    doors = ["door: %s -> %s (%s)" % d for d in
             sorted({(o, owner[s], s) for o, (_, used) in info.items() for s in used
                     if s in owner and not door_ok(o, owner[s], owner[s])})]
    for d in doors:
        print(d)
    return 1 if cycles or doors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
