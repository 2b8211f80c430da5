"""Prints a coalesce JSON report in a stable, line-per-fact form for
FileCheck: the header fields, the estimated bytes saved by stage, then one
sorted line per merge (with its stage), per outlined group and per missed
pair. A report of several modules (ThinLTO) has a line per module, by
file name, and each decision names its module; each function named by its
content to share with other modules has a line. Fails (exit 1) if the file
is not valid JSON or lacks a field, or if the per-kind counts or the
per-stage bytes do not add up to the merges and outlined groups, or the
modules' totals to the report's."""
import json
import os
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
decisions = r["merges"] + r["outlines"]
if sum(m["estimated_bytes"] for m in decisions) != b["estimated"]:
    sys.exit("bytes_saved.estimated is not the sum of the decisions' bytes")
if r["outlined"]["groups"] != len(r["outlines"]) or \
        r["outlined"]["sites"] != sum(o["sites"] for o in r["outlines"]):
    sys.exit("outlined counts do not add up to the outlined groups")
staged = {}
for m in decisions:
    if "stage" in m:
        staged[m["stage"]] = staged.get(m["stage"], 0) + m["estimated_bytes"]
if staged != b["by_stage"]:
    sys.exit("bytes_saved.by_stage does not add up the decisions of each stage")
if "modules" in r:
    mods = r["modules"]
    for field in ("before", "after", "bodies_after"):
        if sum(m["functions"][field] for m in mods) != fn[field]:
            sys.exit("the modules' functions %s do not add up" % field)
    if sum(m["estimated_bytes"] for m in mods) != b["estimated"]:
        sys.exit("the modules' estimated bytes do not add up")
    for m in mods:
        print("module %s before=%d after=%d bytes=%d"
              % (os.path.basename(m["module"]), m["functions"]["before"],
                 m["functions"]["after"], m["estimated_bytes"]))
# Names that LTO numbers (static functions: name.N) are printed as name.N.
def norm(name):
    return re.sub(r"\.[0-9]+$", ".N", name)
def where(m):
    return " module=%s" % os.path.basename(m["module"]) if "module" in m else ""
for m in sorted(r["merges"], key=lambda m: (m.get("module", ""), m["kept"], m["merged"])):
    print("merge kept=%s merged=%s kind=%s bytes=%d stage=%s%s"
          % (norm(m["kept"]), norm(m["merged"]), m["kind"], m["estimated_bytes"],
             m.get("stage", "-"), where(m)))
for o in r["outlines"]:
    if o["sites"] < 2 or len(o["callers"]) < 1:
        sys.exit("an outlined group has fewer than two sites")
    print("outlined sites=%d instructions=%d stage=%s%s"
          % (o["sites"], o["instructions"], o.get("stage", "-"), where(o)))
for m in sorted(r.get("shared", []), key=lambda m: (m.get("module", ""), m["function"])):
    if not re.fullmatch(r"__coalesce\.[0-9a-f]{40}", m["name"]):
        sys.exit("a shared function's name is not a content name: " + m["name"])
    print("shared function=%s%s" % (norm(m["function"]), where(m)))
for m in sorted(r["missed"], key=lambda m: (m["function"], m.get("other", ""))):
    print("missed function=%s other=%s reason=%s"
          % (norm(m["function"]), norm(m.get("other", "")), m["reason"]))
