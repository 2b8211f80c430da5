#!/usr/bin/env python3
"""Mirror the algorithm essays at the top of core/ sources into docs/.

Each core stage opens with an essay (the problem, an example, numbered
steps, cost). docs/ carries the same text for readers of the documentation.
  python3 tools/sync-docs.py          rewrite the docs/ mirrors
  python3 tools/sync-docs.py --check  exit 1 if a mirror is out of date
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (source with the essay, mirror in docs/, title)
ESSAYS = [
    ("core/comparison/FunctionOrder.cpp", "docs/comparison.md",
     "Comparison: a total order over functions"),
    ("core/merging/IdenticalMerger.cpp", "docs/merging.md",
     "Merging identical functions"),
    ("core/merging/CallClasses.cpp", "docs/call-classes.md",
     "Call classes: functions equal through the calls between them"),
    ("core/merging/ConstantMerger.cpp", "docs/merging-constants.md",
     "Merging functions that differ only in constants"),
    ("core/merging/SimilarMerger.cpp", "docs/merging-similar.md",
     "Merging similar functions: one body and a selector"),
    ("core/merging/SimilarCandidates.cpp", "docs/similar-candidates.md",
     "Similar candidates: MinHash and LSH instead of all pairs"),
    ("core/regions/Similarity.cpp", "docs/similarity.md",
     "Similarity: structurally similar instruction sequences"),
    ("core/size/SizeModel.cpp", "docs/size-model.md",
     "The size model: machine-code bytes, predicted from IR"),
    ("core/outlining/Outliner.cpp", "docs/outlining.md",
     "Outlining: similar code anywhere becomes one function"),
    ("core/hotness/Hotness.cpp", "docs/hotness.md",
     "Hotness: how often the program runs each block"),
    ("core/merging/SharedBodies.cpp", "docs/shared-bodies.md",
     "Shared bodies: one copy of a function across ThinLTO modules"),
    ("core/crossmodule/Scan.cpp", "docs/cross-module.md",
     "Across modules: functions equal up to constants in a ThinLTO link"),
]


def essay(path):
    lines = open(os.path.join(ROOT, path)).read().split("\n")
    out = []
    for line in lines[1:]:
        if not line.startswith("//"):
            break
        text = line[2:]
        if text.startswith(" "):
            text = text[1:]
        if text.startswith("===-"):
            break
        out.append(text)
    return out


def markdown(lines, title, src):
    res = []
    i = 0
    while i < len(lines):
        nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
        if lines[i].strip() and re.fullmatch(r"-{3,}", nxt):
            res.append("## " + lines[i].strip())
            i += 2
            continue
        res.append(lines[i])
        i += 1
    body = "\n".join(res).strip()
    return ("# %s\n\n<!-- Generated from the essay at the top of %s by "
            "tools/sync-docs.py; edit the source, then rerun. -->\n\n%s\n"
            % (title, src, body))


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for src, doc, title in ESSAYS:
        want = markdown(essay(src), title, src)
        path = os.path.join(ROOT, doc)
        have = open(path).read() if os.path.exists(path) else None
        if have == want:
            continue
        if check:
            stale.append(doc)
        else:
            open(path, "w").write(want)
    if stale:
        print("out of date (run tools/sync-docs.py): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
