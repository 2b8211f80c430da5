"""Prints a coalesce JSON report in a stable, line-per-fact form for
FileCheck: the header fields, the estimated bytes saved by stage, then one
sorted line per merge (with its stage) and per missed pair. Fails (exit 1)
if the file is not valid JSON or lacks a field, or if the per-kind counts
or the per-stage bytes do not add up to the merge list."""
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
b = r["bytes_saved"]
print("bytes_saved by_stage %s" % " ".join(
    "%s=%d" % (stage, n) for stage, n in sorted(b["by_stage"].items())))
if sum(k.values()) != len(r["merges"]):
    sys.exit("merges_by_kind does not add up to the merge list")
if sum(m["estimated_bytes"] for m in r["merges"]) != b["estimated"]:
    sys.exit("bytes_saved.estimated is not the sum of the merges' bytes")
staged = {}
for m in r["merges"]:
    if "stage" in m:
        staged[m["stage"]] = staged.get(m["stage"], 0) + m["estimated_bytes"]
if staged != b["by_stage"]:
    sys.exit("bytes_saved.by_stage does not add up the merges of each stage")
# Names that LTO numbers (static functions: name.N) are printed as name.N.
def norm(name):
    return re.sub(r"\.[0-9]+$", ".N", name)
for m in sorted(r["merges"], key=lambda m: (m["kept"], m["merged"])):
    print("merge kept=%s merged=%s kind=%s bytes=%d stage=%s"
          % (norm(m["kept"]), norm(m["merged"]), m["kind"], m["estimated_bytes"],
             m.get("stage", "-")))
for m in sorted(r["missed"], key=lambda m: (m["function"], m.get("other", ""))):
    print("missed function=%s other=%s reason=%s"
          % (norm(m["function"]), norm(m.get("other", "")), m["reason"]))
