#!/usr/bin/env python3
"""Summarize a build of Inputs/project for FileCheck.

  check_build.py BUILD_DIR LLVM_BIN TARGET...

For each target, one line per fact:
  TARGET: compile: <the -flto flags of its compile commands, in order>
  TARGET: last -flto: <the flag that wins> (every compile command)
  TARGET: objects: N, full LTO: M, ThinLTO: T
  TARGET: merged B into A (STAGE)          one per merge in the JSON report
  TARGET: report: N merges
A target without a report (a static library) gets the first three.
"""
import glob
import json
import os
import shlex
import subprocess
import sys


def target_of(output):
    # CMakeFiles/<target>.dir/<source>.o
    parts = output.replace("\\", "/").split("/")
    for p in parts:
        if p.endswith(".dir"):
            return p[:-4]
    return None


def main():
    build, llvm_bin, targets = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)
    flags = {}
    for c in commands:
        args = shlex.split(c["command"])
        out = args[args.index("-o") + 1]
        t = target_of(out)
        lto = [a for a in args if a.startswith("-flto") or a == "-fno-lto"]
        flags.setdefault(t, []).append(lto)
    for t in targets:
        seen = flags.get(t)
        if not seen:
            print("%s: no compile commands" % t)
            continue
        kinds = sorted({" ".join(l) for l in seen})
        print("%s: compile: %s" % (t, " | ".join(kinds)))
        last = sorted({l[-1] if l else "(none)" for l in seen})
        print("%s: last -flto: %s" % (t, " | ".join(last)))
        objs = sorted(glob.glob(os.path.join(build, "CMakeFiles", t + ".dir",
                                             "*.o")))
        full = thin = 0
        for o in objs:
            ir = subprocess.run([os.path.join(llvm_bin, "llvm-dis"), o, "-o",
                                 "-"], capture_output=True, text=True)
            if ir.returncode != 0:
                continue
            # Full-LTO bitcode says ThinLTO 0; ThinLTO bitcode has a summary
            # and no such flag.
            if '!"ThinLTO", i32 0}' in ir.stdout:
                full += 1
            elif "^0 = module:" in ir.stdout:
                thin += 1
        print("%s: objects: %d, full LTO: %d, ThinLTO: %d"
              % (t, len(objs), full, thin))
        report = os.path.join(build, t + "-report.json")
        if os.path.exists(report):
            with open(report) as f:
                r = json.load(f)
            merges = r.get("merges", [])
            for m in sorted(merges, key=lambda m: (m["kept"], m["merged"])):
                print("%s: merged %s into %s (%s)" % (t, m["merged"], m["kept"],
                                                     m["stage"]))
            print("%s: report: %d merges" % (t, len(merges)))


if __name__ == "__main__":
    main()
