"""Prints the merges of a coalesce JSON report, one sorted line each, then
the totals: a form two links can be compared in (diff) and FileCheck can
read. Names that LTO numbers (static functions: name.N) are printed as
name.N, since the number depends on the order the linker read the files."""
import json
import re
import sys


def norm(name):
    return re.sub(r"\.[0-9]+$", ".N", name)


with open(sys.argv[1]) as f:
    r = json.load(f)
for m in sorted((norm(m["kept"]), norm(m["merged"]), m["kind"])
                for m in r["merges"]):
    print("merge kept=%s merged=%s kind=%s" % m)
k = r["merges_by_kind"]
print("total replaced=%d alias=%d thunk=%d" % (k["replaced"], k["alias"], k["thunk"]))
