#!/usr/bin/env python3
"""call-cycles.py OBJ...: which source files call each other in a circle.

Reads each object's defined and undefined global symbols (nm), draws an
edge from file A to file B when A uses a symbol B defines, and prints each
circle (strongly connected set of two or more files) on one line:
"cycle: a.o b.o".  Prints "no cycles (N files)" otherwise.

It also checks the doors between the layers and rooms (docs/internals.md),
by the directory an object was built in: src/lib <- src/engine <- src/cli,
and inside src/cli the command line (args/) calls the other three rooms,
the reports (report/) read the supervised run's record (supervise/record.o
and supervise/map_cells.o) and nothing else of the supervisor, and neither
getting the candidate (candidate/) nor the supervised run (supervise/)
calls another room.  Each call through a wall is printed as "door: a.o ->
b.o (symbol)".

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
    for layer in ("engine", "lib"):
        if layer in parts:
            return layer
    return None


# Which places a place may call: each layer the ones below it; the rooms
# of src/cli as the module comment says.
LAYERS = {"lib": set(), "engine": {"lib"}}
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
    if pa.startswith("cli") and pb in ("engine", "lib"):
        return True
    if pa in LAYERS:
        return pb in LAYERS[pa]
    if pb not in ROOMS.get(pa, set()):
        return False
    if pa == "cli/report" and pb == "cli/supervise":
        return target.rsplit("/", 1)[-1] in RECORD
    return True


def main(objs):
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
