"""Prints the names of a Chrome trace's coalesce events, one a line, sorted
(test/ir/stages-time-trace-and-stats.ll)."""
import json
import sys

with open(sys.argv[1]) as f:
    events = json.load(f)["traceEvents"]
print("\n".join(sorted({e["name"] for e in events
                        if e.get("name", "").startswith("coalesce: ")})))
