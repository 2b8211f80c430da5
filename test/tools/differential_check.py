#!/usr/bin/env python3
"""Compares coalesce-merge's output with LLVM's mergefunc on one module.

    differential_check.py --name NAME INPUT.ll COALESCE.ll MERGEFUNC.ll
                          [--mergefunc-after-coalesce MF_OF_COALESCE.ll]

All files are textual IR printed by LLVM (opt -S). Prints one line of counts
(`lit -a` shows it; quote it from there):

    differential NAME: defines D; real bodies: input I, coalesce C,
        mergefunc M; thunks: coalesce TC, mergefunc TM

"real bodies" are definitions that are not forwarding thunks (see
count_bodies.py). Fails (exit 1; the message names the module and both
counts) when

 1. coalesce keeps more real bodies than mergefunc. LLVM's pass is only the
    reference here: coalesce never calls it, and claims to merge at least
    what it merges.
 2. an exported symbol is lost. Every symbol the input defines with a
    non-discardable, externally visible linkage (external, weak, weak_odr,
    common) must still be defined by the output with the same linkage and
    visibility, as a function, alias or thunk: another object file may
    reference it, and a weak one must stay overridable. linkonce and
    linkonce_odr definitions are discardable (every module that uses one
    carries its own copy), so coalesce may delete an unreferenced one, as
    the linker would; they are not checked. llvm-nm cannot tell them apart
    from weak definitions (both print as `W`), hence the IR parse.
 3. a function the input defines is only declared by the output while
    something still refers to it (it would be an undefined symbol).

On failure 1 it lists what coalesce missed: bodies in coalesce's output
that are textually the same apart from metadata attachments (`!tbaa`,
`!llvm.loop`, `!alias.scope`, ...), and, given MF_OF_COALESCE.ll (mergefunc
run on coalesce's output), the groups mergefunc can still merge there.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import count_bodies  # noqa: E402

KEPT_LINKAGES = {"external", "weak", "weak_odr", "common"}


def lost_symbols(before, after):
    problems = []
    after_defs = after.definitions()
    for name, (kind, linkage, vis) in sorted(before.definitions().items()):
        if linkage not in KEPT_LINKAGES or name.startswith("llvm."):
            continue
        if name not in after_defs:
            problems.append("%s @%s (%s) is no longer defined" %
                            (linkage, name, kind))
            continue
        _, new_linkage, new_vis = after_defs[name]
        if new_linkage != linkage:
            problems.append("@%s changed linkage %s -> %s" %
                            (name, linkage, new_linkage))
        if new_vis != vis:
            problems.append("@%s changed visibility %s -> %s" %
                            (name, vis, new_vis))
    for name in sorted(before.functions):
        if name in after.declarations:
            problems.append("@%s was defined, now only declared" % name)
    return problems


def same_shape_groups(mod):
    """Groups of real bodies of `mod` whose text differs at most in names
    and metadata attachments."""
    groups = {}
    for f in mod.bodies:
        groups.setdefault(count_bodies.shape(f), []).append(f.name)
    return sorted(sorted(g) for g in groups.values() if len(g) > 1)


def still_mergeable(ours, after):
    """Groups of coalesce's real bodies that mergefunc, run on coalesce's
    output, puts on one body; and those it deleted outright."""
    groups, deleted = {}, []
    for f in ours.bodies:
        body = after.final_body(f.name)
        if body is None:
            deleted.append(f.name)
        else:
            groups.setdefault(body, []).append(f.name)
    return sorted(sorted(g) for g in groups.values() if len(g) > 1), \
        sorted(deleted)


def show(names, limit=4):
    more = " (+%d)" % (len(names) - limit) if len(names) > limit else ""
    return " ".join(names[:limit]) + more


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--name", required=True, help="module name for messages")
    ap.add_argument("--mergefunc-after-coalesce", metavar="FILE",
                    help="mergefunc's output on coalesce's output, to list "
                         "what coalesce missed")
    ap.add_argument("input")
    ap.add_argument("coalesce")
    ap.add_argument("mergefunc")
    args = ap.parse_args()

    before = count_bodies.parse(args.input)
    ours = count_bodies.parse(args.coalesce, keep_text=True)
    ref = count_bodies.parse(args.mergefunc)
    if not before.functions:
        sys.stderr.write("differential %s: FAIL: %s defines no function; "
                         "is it textual IR?\n" % (args.name, args.input))
        return 1

    print("differential %s: defines %d; real bodies: input %d, coalesce %d, "
          "mergefunc %d; thunks: coalesce %d, mergefunc %d" %
          (args.name, len(before.functions), len(before.bodies),
           len(ours.bodies), len(ref.bodies), len(ours.thunks),
           len(ref.thunks)), flush=True)

    err = sys.stderr.write
    failed = False
    if len(ours.bodies) > len(ref.bodies):
        failed = True
        err("differential %s: FAIL: coalesce-merge keeps %d real function "
            "bodies, LLVM mergefunc keeps %d (input had %d)\n" %
            (args.name, len(ours.bodies), len(ref.bodies),
             len(before.bodies)))
        shapes = same_shape_groups(ours)
        err("  %d groups of coalesce's bodies are the same text apart from "
            "metadata attachments (first 8):\n" % len(shapes))
        for g in shapes[:8]:
            err("    %s\n" % show(g))
        if args.mergefunc_after_coalesce:
            after = count_bodies.parse(args.mergefunc_after_coalesce)
            groups, deleted = still_mergeable(ours, after)
            err("  mergefunc run on coalesce's output: %d real bodies left "
                "of %d; it merges (first 8):\n" %
                (len(after.bodies), len(ours.bodies)))
            for g in groups[:8]:
                err("    %s\n" % show(g))
            if deleted:
                err("    and deletes %d of them into equal bodies: %s\n" %
                    (len(deleted), show(deleted)))
    problems = lost_symbols(before, ours)
    if problems:
        failed = True
        err("differential %s: FAIL: coalesce-merge lost or changed %d "
            "externally visible symbols:\n" % (args.name, len(problems)))
        for p in problems[:30]:
            err("  %s\n" % p)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
