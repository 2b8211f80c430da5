"""Prints the names of a Chrome trace's coalesce events, one a line, sorted
(test/ir/stages-time-trace-and-stats.ll); the driver's stage and round
events with their detail (the stage's name, the round's number)."""
import json
import sys

with open(sys.argv[1]) as f:
    events = json.load(f)["traceEvents"]
names = set()
for e in events:
    name = e.get("name", "")
    if not name.startswith("coalesce: "):
        continue
    if name in ("coalesce: stage", "coalesce: round"):
        name += " " + e.get("args", {}).get("detail", "")
    names.add(name)
print("\n".join(sorted(names)))
