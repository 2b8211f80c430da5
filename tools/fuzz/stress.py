"""The stress mode: random IR from llvm-stress through coalesce in opt.

A seed builds one module of one to five llvm-stress functions (sizes and
options by seed), each renamed and given a linkage (external, internal,
linkonce_odr, hidden, unnamed_addr), some repeated: verbatim, with one
integer constant changed, or with one instruction more, so that merging,
merging up to constants and outlining really act. Most modules get an
x86-64 or AArch64 triple so the size model prices them. The module goes
through

    opt -load-pass-plugin=coalesce.so -passes=coalesce -coalesce-verify ...

(some seeds lower the outliner's thresholds so that it outlines, or
change other options), and its output through opt -passes=verify.
Outcomes: passed, crash, verifier (coalesce's own -coalesce-verify),
verifier-after (opt -passes=verify on coalesce's output), error (any
other non-zero exit), hang, and skipped (the generated pieces do not
link into a valid module). A failing module is kept and reduced with
llvm-reduce (in a bounded time, the test re-checking the same failure)
into reduced.ll and reduced.test.ll, a test/ir-style lit test candidate.

    python3 tools/fuzz/stress.py --build build --seeds 0-199
"""
import os
import random
import re
import shlex
import stat
import sys

import common
import hosts

NAME = "stress"
QUICK = range(0, 200)       # about 2 minutes on 2 busy cores
REDUCE_SECONDS = 300

TRIPLES = [
    ('e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128',
     "x86_64-unknown-linux-gnu"),
    ("e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32",
     "aarch64-unknown-linux-gnu"),
    (None, None),
]


def plan(seed):
    """What the seed's module is: [(stress seed, size, scalable, copy kind,
    linkage)] (copy kind: None, "same", "constant" or "extra"), the triple,
    the opt flags."""
    rng = random.Random(seed)
    funcs = []
    for _ in range(rng.choice([1, 2, 2, 3, 4, 5])):
        if funcs and rng.random() < 0.4:
            base = rng.choice(funcs)
            funcs.append((base[0], base[1], base[2], rng.choice(["same", "constant", "extra"]),
                          rng.choice(sorted(LINKAGES))))
        else:
            funcs.append((rng.randrange(1 << 30), rng.choice([5, 10, 20, 40, 80, 160, 300]),
                          rng.random() < 0.1, None, rng.choice(sorted(LINKAGES))))
    triple = rng.choices(TRIPLES, weights=[6, 2, 2])[0]
    flags = ["-coalesce-verify"]
    if rng.random() < 0.5:
        flags += ["-coalesce-outline-min-benefit=%d" % rng.choice([0, 1, 2]),
                  "-coalesce-outline-min-total=0",
                  "-coalesce-outline-min-length=%d" % rng.choice([1, 2, 3]),
                  "-coalesce-runtime-budget=%d" % rng.choice([1000, 100000])]
        if triple[1] and triple[1].startswith("aarch64"):
            flags.append("-coalesce-outline-with-machine-outliner")
    if rng.random() < 0.2:
        flags.append("-coalesce-outline-rounds=%d" % rng.choice([1, 4]))
    if rng.random() < 0.2:
        flags.append("-coalesce-max-constant-parameters=%d" % rng.choice([1, 8]))
    if rng.random() < 0.1:
        flags.append("-coalesce-use-aliases=false")
    if rng.random() < 0.1:
        flags.append("-coalesce-verify-order=20")
    return funcs, triple, flags


def generate(env, seed, d):
    """Writes d/in.ll, the seed's module; returns its opt flags, or None
    when the generated pieces do not link into a valid module."""
    funcs, (layout, triple), flags = plan(seed)
    parts, made = [], {}
    for i, (s, size, scalable, copy, linkage) in enumerate(funcs):
        if (s, size, scalable) not in made:
            cmd = [env.tool("llvm-stress"), "-seed=%d" % s, "-size=%d" % size]
            r = common.run(cmd + (["-enable-scalable-vectors"] if scalable else []), env.timeout)
            if r.rc != 0:
                return None
            made[(s, size, scalable)] = r.out
        text = re.sub(r"@autogen_SD\d+\b", "@f%d" % i, made[(s, size, scalable)])
        if copy == "constant":
            text = bump_constant(text, seed + i)
        elif copy == "extra":
            text = text.replace("\nBB:\n", "\nBB:\n" + EXTRA % (seed + i), 1)
        p = os.path.join(d, "part%d.ll" % i)
        with open(p, "w") as f:
            if triple:
                f.write('target datalayout = "%s"\ntarget triple = "%s"\n' % (layout, triple))
            f.write(text)
        parts.append(p)
    out = os.path.join(d, "in.ll")
    r = common.run([env.tool("llvm-link"), "-S"] + parts + ["-o", out], env.timeout)
    if r.rc != 0:   # llvm-link verifies what it reads and writes
        return None
    set_linkages(out, [f[4] for f in funcs])
    for p in parts:
        os.remove(p)
    return flags


# A copy with one more instruction: no longer the same function, but the
# rest of it is still the same code, for the outliner.
EXTRA = "  %%Xa = alloca i32, align 4\n  store volatile i32 %d, ptr %%Xa, align 4\n"
LINKAGES = {"external": ("", ""), "internal": ("internal ", ""), "odr": ("linkonce_odr ", ""),
            "hidden": ("hidden ", ""), "odr-unnamed": ("linkonce_odr ", "unnamed_addr "),
            "unnamed": ("", "unnamed_addr ")}


def set_linkages(path, linkages):
    """Gives f0, f1... their linkages (after llvm-link, which would drop
    linkonce and internal functions nothing uses)."""
    with open(path) as f:
        text = f.read()
    for i, linkage in enumerate(linkages):
        pre, post = LINKAGES[linkage]
        text = re.sub(r"define void (@f%d\(.*\)) (.*)\{" % i, r"define %svoid \1 %s\2{" % (pre, post), text, 1)
    with open(path, "w") as f:
        f.write(text)


def bump_constant(text, salt):
    """TEXT with one integer operand constant changed (a twin that differs
    only in a constant)."""
    hits = list(re.finditer(r"\bstore (i8|i16|i32|i64) (\d+)\b", text))
    if not hits:
        return text
    m = hits[salt % len(hits)]
    return text[:m.start(2)] + str(int(m.group(2)) + 1) + text[m.end(2):]


def opt_cmd(env, flags, inp, out):
    return [env.tool("opt"), "-load-pass-plugin=" + env.plugin, "-passes=coalesce"] + flags + [inp, "-o", out]


def classify(env, flags, d):
    """Runs coalesce and the verifier on d/in.ll; (outcome, detail)."""
    inp, out = os.path.join(d, "in.ll"), os.path.join(d, "out.bc")
    r = common.run(opt_cmd(env, flags, inp, out), env.timeout)
    if r.timed_out:
        return "hang", "opt did not finish in %ds" % env.timeout
    if hosts.crashed(r):
        return "crash", r.err
    if r.rc != 0:
        return ("verifier" if "module broken after" in r.err else "error"), r.err
    v = common.run([env.tool("opt"), "-passes=verify", "-disable-output", out], env.timeout)
    if v.rc != 0:
        return "verifier-after", v.err
    return "passed", ""


def one(env, seed):
    case = hosts.Case(env)
    with case:
        flags = generate(env, seed, case.cwd)
        if flags is None:
            return "skipped"
        outcome, detail = classify(env, flags, case.cwd)
        if outcome == "passed":
            return outcome
        kept = env.keep(NAME, seed, [case.path("in.ll")], note(seed, flags, outcome, detail))
        if getattr(env, "reduce", True):
            reduce_case(env, flags, outcome, detail, kept)
        return outcome, kept, signature(outcome, detail)


def note(seed, flags, outcome, detail):
    return "stress seed %d: %s\nplan: %r\nopt flags: %s\n\n%s" % (
        seed, outcome, plan(seed)[0], " ".join(flags), detail)


def signature(outcome, detail):
    """The line of DETAIL that names the failure (what the reduction keeps)."""
    lines = [l.strip() for l in detail.splitlines() if l.strip()]
    for pat in ("Assertion `", "LLVM ERROR:", "module broken after", "error:", "coalesce:"):
        for l in lines:
            if pat in l:
                return l
    if outcome == "hang":
        return "timeout"
    return lines[0] if lines else outcome


# ---------------------------------------------------------------- reduction

TEST_SCRIPT = """#!/bin/sh
# Interesting when coalesce still fails the same way: %(outcome)s.
out=$(mktemp) || exit 1
%(timeout)s %(opt)s "$1" -o "$out" 2>"$out.err"
rc=$?
%(verify)s
rm -f "$out"
%(check)s
"""


def reduce_case(env, flags, outcome, detail, kept):
    """Writes KEPT/reduced.ll (and KEPT/reduced.test.ll, a lit candidate)
    with llvm-reduce, in at most env.reduce_minutes (the gauntlet's
--reduce-minutes) or REDUCE_SECONDS."""
    sig = signature(outcome, detail)
    script = os.path.join(kept, "interesting.sh")
    opt = " ".join(shlex.quote(c) for c in opt_cmd(env, flags, "", "")[:-3])
    if outcome == "hang":
        timeout, check = "timeout %d" % max(5, env.timeout // 2), '[ $rc -eq 124 ]'
    else:
        timeout = "timeout %d" % env.timeout
        key = re.sub(r"0x[0-9a-f]+|%\S+", "", sig)[:120]
        check = 'grep -qF -- %s "$out.err"; ok=$?; rm -f "$out.err"; exit $ok' % shlex.quote(key)
    verify = ""
    if outcome == "verifier-after":
        verify = ('[ $rc -eq 0 ] && %s -passes=verify -disable-output "$out" 2>"$out.err"'
                  % shlex.quote(env.tool("opt")))
    with open(script, "w") as f:
        f.write(TEST_SCRIPT % dict(outcome=outcome, timeout=timeout, opt=opt, verify=verify,
                                   check=check))
    os.chmod(script, os.stat(script).st_mode | stat.S_IXUSR)
    red = os.path.join(kept, "reduced.ll")
    seconds = int(getattr(env, "reduce_minutes", REDUCE_SECONDS / 60) * 60)
    r = common.run([env.tool("llvm-reduce"), "--test=" + script, "-o", red,
                    os.path.join(kept, "in.ll")], seconds, cwd=kept)
    if not os.path.exists(red):
        with open(os.path.join(kept, "NOTE"), "a") as f:
            f.write("\nllvm-reduce: %s\n" % ("timed out" if r.timed_out else r.err[-400:]))
        return
    lit_candidate(red, flags, outcome, sig, os.path.join(kept, "reduced.test.ll"))


def lit_candidate(red, flags, outcome, sig, dest):
    """A test/ir-style test around the reduced module: RUN line, purpose."""
    with open(red) as f:
        body = f.read()
    with open(dest, "w") as f:
        f.write("; RUN: %%opt-coalesce -passes=coalesce %s -S %%s | FileCheck %%s\n"
                % " ".join(flags))
        f.write("; Purpose: (from the stress gauntlet) coalesce failed (%s) on this module: %s\n"
                "; TODO: CHECK lines for the fixed output.\n\n" % (outcome, sig))
        f.write(body)


def run(env, seeds, tally):
    hosts.run_cases(env, seeds, tally, one)


if __name__ == "__main__":
    sys.exit(hosts.main(sys.modules[__name__]))
