"""Counts what a ThinLTO cache directory holds: objects (llvmcache-KEY) and
coalesce's module reports beside them (llvmcache-KEY.coalesce.json).
With --drop-reports, removes one report (the first by name) instead, as a
pruning that took it apart from its object would."""
import os
import sys

d = sys.argv[1]
names = sorted(os.listdir(d))
reports = [n for n in names if n.endswith(".coalesce.json")]
objects = [n for n in names if n.startswith("llvmcache-") and "." not in n]
if "--drop-reports" in sys.argv[2:]:
    os.remove(os.path.join(d, reports[0]))
else:
    print("objects %d reports %d" % (len(objects), len(reports)))
