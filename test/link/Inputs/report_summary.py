"""Prints a coalesce JSON report in a stable, line-per-fact form for
FileCheck: the header fields, then one sorted line per merge and per missed
pair. Fails (exit 1) if the file is not valid JSON or lacks a field."""
import json
import re
import sys

with open(sys.argv[1]) as f:
    r = json.load(f)
print("tool=%s schema=%d" % (r["tool"], r["schema"]))
fn = r["functions"]
print("functions before=%d after=%d bodies_after=%d"
      % (fn["before"], fn["after"], fn["bodies_after"]))
print("functions removed=%d bodies_removed=%d"
      % (fn["before"] - fn["after"], fn["before"] - fn["bodies_after"]))
k = r["merges_by_kind"]
print("by_kind replaced=%d alias=%d thunk=%d"
      % (k["replaced"], k["alias"], k["thunk"]))
print("bytes_saved estimated=%d basis=%s"
      % (r["bytes_saved"]["estimated"], r["bytes_saved"]["basis"]))
if sum(k.values()) != len(r["merges"]):
    sys.exit("merges_by_kind does not add up to the merge list")
# Names that LTO numbers (static functions: name.N) are printed as name.N.
def norm(name):
    return re.sub(r"\.[0-9]+$", ".N", name)
for m in sorted(r["merges"], key=lambda m: (m["kept"], m["merged"])):
    print("merge kept=%s merged=%s kind=%s bytes=%d"
          % (norm(m["kept"]), norm(m["merged"]), m["kind"], m["estimated_bytes"]))
for m in sorted(r["missed"], key=lambda m: (m["function"], m.get("other", ""))):
    print("missed function=%s other=%s reason=%s"
          % (norm(m["function"]), norm(m.get("other", "")), m["reason"]))
