#!/usr/bin/env python3
"""call-cycles.py OBJ...: which source files call each other in a circle.
call-cycles.py --includes src/engine: which engine files include a header
of a room they may not call.

Reads each object's defined and undefined global symbols (nm), draws an
edge from file A to file B when A uses a symbol B defines, and prints each
circle (strongly connected set of two or more files) on one line:
"cycle: a.o b.o".  Prints "no cycles (N files)" otherwise.

It also checks the doors between the layers and rooms (docs/internals.md),
by the directory an object was built in: src/lib and ref/ <- src/engine
<- src/cli.  Inside src/cli the command line (args/) calls the other three
rooms, the reports (report/) read the supervised run's record
(supervise/record.o and supervise/map_cells.o) and nothing else of the
supervisor, and neither getting the candidate (candidate/) nor the
supervised run (supervise/) calls another room.  Inside src/engine each
room calls only the rooms below it (ENGINE_ROOMS): base <- case <- memory
<- judge <- run <- trace <- race, and load (loading and inspecting the
candidate) beside them on base, case and memory.  Each call through a
wall is printed as "door: a.o -> b.o (symbol)".

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


# Layer or room of an object, from the directory it was built in.
def place(obj):
    parts = obj.replace("\\", "/").split("/")
    if "cli" in parts:
        i = parts.index("cli")
        return "cli/" + parts[i + 1] if i + 2 < len(parts) else "cli"
    if len(parts) > 1 and parts[-2] == "ref":
        return "ref"
    if "engine" in parts:
        # build/engine/src/engine/ROOM/x.o: the room after the last "engine".
        i = len(parts) - 1 - parts[::-1].index("engine")
        return "engine/" + parts[i + 1] if i + 2 < len(parts) else "engine"
    if "lib" in parts:
        return "lib"
    return None


# Which places a place may call: each layer the ones below it; the rooms
# of src/cli as the module comment says.
LAYERS = {"lib": set(), "ref": set()}
# The engine's rooms, each with the rooms it may call (besides lib, ref).
_ORDER = ["base", "case", "memory", "judge", "run", "trace", "race"]
ENGINE_ROOMS = {"engine/" + r: {"engine/" + b for b in _ORDER[:i]} for i, r in enumerate(_ORDER)}
ENGINE_ROOMS["engine/load"] = {"engine/base", "engine/case", "engine/memory"}
ROOMS = {
    "cli/args": {"cli/candidate", "cli/supervise", "cli/report"},
    "cli/candidate": set(),
    "cli/supervise": set(),
    "cli/report": {"cli/supervise"},
}
# The only files of the supervisor the reports may call: the record.
RECORD = {"record.o", "map_cells.o"}


def door_ok(a, b, target):
    pa, pb = place(a), place(b)
    if pa is None or pb is None or pa == pb:
        return True
    if pa.startswith("cli") and (pb.startswith("engine") or pb in ("lib", "ref")):
        return True
    if pa.startswith("engine") and pb in ("lib", "ref"):
        return True
    if pa in ENGINE_ROOMS:
        return pb in ENGINE_ROOMS[pa]
    if pa in LAYERS:
        return pb in LAYERS[pa]
    if pb not in ROOMS.get(pa, set()):
        return False
    if pa == "cli/report" and pb == "cli/supervise":
        return target.rsplit("/", 1)[-1] in RECORD
    return True


def include_doors(root):
    """Each '#include "../ROOM/x.h"' in root/ROOM2/*.[ch] through a wall."""
    import os
    import re
    bad = []
    for room in sorted(os.listdir(root)):
        d = os.path.join(root, room)
        if not os.path.isdir(d):
            continue
        for name in sorted(os.listdir(d)):
            if not name.endswith((".c", ".h")):
                continue
            with open(os.path.join(d, name), encoding="utf-8", errors="replace") as f:
                for inc in re.findall(r'#\s*include\s+"\.\./([a-z_]+)/', f.read()):
                    pa, pb = "engine/" + room, "engine/" + inc
                    if pb not in ENGINE_ROOMS.get(pa, set()):
                        bad.append("include: %s/%s -> %s/" % (room, name, inc))
    return bad


def main(objs):
    if objs[:1] == ["--includes"] and len(objs) == 2:
        bad = include_doors(objs[1])
        for b in bad:
            print(b)
        if not bad:
            print("no include through a wall")
        return 1 if bad else 0
    if not objs:
        print("usage: call-cycles.py OBJ...", file=sys.stderr)
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
    doors = sorted({(o, owner[s], s) for o, (_, used) in info.items() for s in used
                    if s in owner and not door_ok(o, owner[s], owner[s])})
    for a, b, sym in doors:
        print("door: %s -> %s (%s)" % (a, b, sym))
    return 1 if cycles or doors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
