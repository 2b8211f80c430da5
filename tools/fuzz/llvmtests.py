"""The llvm-tests mode: LLVM's own regression inputs for the passes coalesce
competes with (MergeFunc, the IR outliner, the global merge function pass,
the machine outliner's IR-level inputs) through every stage of coalesce.

A seed is one input of llvmcorpus.py's pinned list (a file of
llvm/test, or one part of a file split-file cuts). It is assembled with
opt-22 (a file that does not assemble is skipped, with the reason), then
run through opt with coalesce.so in each configuration of CONFIGS: every
stage alone, the whole pipeline, the pipeline with similar merging, and
the pipeline with every threshold lowered so that the small inputs are
merged and outlined. Every run has -coalesce-verify (the verifier after
every stage). Then, for each output:

  - opt -passes=verify on it (verifier-after);
  - every entry point of the input (a GPU kernel, a shader stage, an
    interrupt handler: a calling convention the target starts by itself)
    is still a definition of that calling convention (entry-point);
  - where llc-22 compiles the input to an object, it compiles the output
    too (codegen);
  - where the input can run under lli (x86-64 or no triple; a `main`, or
    external functions of integer and floating-point arguments that a
    generated `main` calls with fixed arguments, and no declarations but
    intrinsics and the C library's), lli prints the same and exits the
    same before and after (lli-mismatch). An input whose run fails or
    hangs before coalesce is not compared.

Failures: crash (a signal or LLVM's crash report), abort (LLVM ERROR),
verifier (coalesce's own -coalesce-verify), error (any other non-zero
exit), hang, verifier-after, entry-point, codegen, lli-mismatch. Counted
besides: passed, skipped-not-assembling, changed (configurations whose
output differs from the input), lli-compared, codegen-checked. A failing
case is kept with its input and the commands.

    python3 tools/fuzz/llvmtests.py --build build --seeds 0-49
    COALESCE_LLVM_TESTS=DIR python3 tools/fuzz/gauntlet long --modes llvm-tests@NAME
"""
import os
import re
import shutil
import struct
import sys

import common
import llvmcorpus

_own = os.environ.get("COALESCE_LLVM_TESTS")
NAME = "llvm-tests@" + os.path.basename(_own.rstrip("/")) if _own else "llvm-tests"
# Every seventh case: MergeFunc, IROutliner and codegen inputs alike.
QUICK = range(0, 260, 7)

EAGER = ["-coalesce-merge-similar", "-coalesce-outline-min-benefit=0",
         "-coalesce-outline-min-total=0",
         "-coalesce-outline-min-length=2", "-coalesce-runtime-budget=100000",
         "-coalesce-hot-share=0", "-coalesce-outline-with-machine-outliner",
         "-coalesce-similar-min-similarity=0"]
CONFIGS = [
    ("merge", ["-passes=coalesce-merge"]),
    ("merge-constants", ["-passes=coalesce-merge-constants"]),
    ("merge-similar", ["-passes=coalesce-merge-similar"] + EAGER[3:5]),
    ("outline", ["-passes=coalesce-outline"] + EAGER[1:6]),
    ("pipeline", ["-passes=coalesce"]),
    ("similar-pipeline", ["-passes=coalesce", "-coalesce-merge-similar"]),
    ("eager-pipeline", ["-passes=coalesce"] + EAGER),
]

# Calling conventions of functions the target enters by itself: never
# called, so never a thunk, an alias or a call.
ENTRY_CCS = ("spir_kernel", "ptx_kernel", "amdgpu_kernel", "amdgpu_cs_chain_preserve",
             "amdgpu_cs_chain", "amdgpu_cs", "amdgpu_es", "amdgpu_gs", "amdgpu_hs",
             "amdgpu_ls", "amdgpu_ps", "amdgpu_vs", "amdgpu_gfx_whole_wave",
             "x86_intrcc", "msp430_intrcc", "avr_intrcc", "avr_signalcc")
LIBC = {"printf", "puts", "putchar", "malloc", "calloc", "free", "realloc", "abort",
        "exit", "memcpy", "memmove", "memset", "memcmp", "strlen", "strcmp",
        "abs", "labs", "sqrt", "sqrtf", "fabs", "fabsf", "sin", "cos", "pow"}
SCALAR = {"i1", "i8", "i16", "i32", "i64", "float", "double"}
ARGS = ([0, 0.0], [1, 1.5], [-7, -2.25], [1000, 1024.0])
OPT_SECONDS = 60
RUN_SECONDS = 10


def entry_points(text):
    """{name: calling convention} of the defined entry points of TEXT."""
    out = {}
    for m in DEFINE.finditer(text):
        words = m.group(1).split()
        for cc in ENTRY_CCS:
            if cc in words:
                out[m.group(2)] = cc
    return out


def triple(text):
    m = re.search(r'^target triple = "([^"]*)"', text, re.M)
    return m.group(1) if m else ""


def split_top(s):
    """S cut at the commas outside brackets and quotes."""
    out, depth, cur, quoted = [], 0, [], False
    for ch in s:
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "([{<":
            depth += 1
        elif not quoted and ch in ")]}>":
            depth -= 1
        if ch == "," and depth == 0 and not quoted:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def leading_type(p):
    """The type a parameter or a define's head ends with / begins with:
    the first whole token of P, brackets included."""
    depth, i = 0, 0
    while i < len(p):
        ch = p[i]
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
        elif ch == " " and depth == 0:
            break
        i += 1
    return p[:i]


class Signature:
    """A define's or declare's name, linkage words, return and parameter
    types, and whether it takes variable arguments."""

    def __init__(self, m):
        self.name = m.group(2)
        head = m.group(1).split()
        self.words = set(head)
        self.ret = head[-1] if head else ""
        params = split_top(parameters(m.group(3)))
        self.varargs = "..." in params
        self.special = any(a in x for x in params for a in ("swifterror", "inalloca",
                                                             "preallocated", "swiftself"))
        self.params = [leading_type(x) for x in params if x != "..."]

    def callable_from_main(self):
        """External, not discardable, of scalar or pointer parameters and
        result."""
        local = {"private", "internal", "linkonce", "linkonce_odr", "available_externally",
                 "extern_weak", "hidden", "protected"}
        if local & self.words or self.varargs or self.special or set(ENTRY_CCS) & self.words:
            return False
        if self.ret not in SCALAR | {"void", "ptr"}:
            return False
        return all(t in SCALAR or t == "ptr" for t in self.params)


DEFINE = re.compile(r"^define\s+([^@]*)@(\"[^\"]*\"|[-\w.$]+)\((.*)$", re.M)
EXTERNAL = re.compile(r"^@(\"[^\"]*\"|[-\w.$]+) = external (?:\w+ )*?(?:global|constant) (.*?)(?:, align \d+)?$", re.M)
DECLARE = re.compile(r"^declare\s+([^@]*)@(\"[^\"]*\"|[-\w.$]+)\((.*)$", re.M)


def parameters(rest):
    """The parameter list at the start of REST (the text after a define's
    or declare's opening parenthesis), up to its closing parenthesis."""
    depth = 0
    for i, ch in enumerate(rest):
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            if depth == 0:
                return rest[:i]
            depth -= 1
    return rest


def literal(t, args):
    """The IR literal of type T for the argument tuple ARGS (an integer,
    a float: floats as the hex of their double, exact in both types)."""
    if t in ("float", "double"):
        return "0x%016X" % struct.unpack("<Q", struct.pack("<d", args[1]))[0]
    if t == "i1":
        return "true" if args[0] & 1 else "false"
    return str(args[0])


class Printer:
    """IR lines of a generated function that print values, one printf a
    value, flushed so that a crash later keeps what was printed."""

    def __init__(self):
        self.lines, self.strings, self.n = [], [], 0

    def tmp(self):
        self.n += 1
        return "%%t%d" % self.n

    def string(self, text):
        self.strings.append(text)
        return "@.s%d" % (len(self.strings) - 1)

    def label(self, text):
        self.lines.append("  call i32 (ptr, ...) @printf(ptr @.fl, ptr %s)" % self.string(text))
        self.lines.append("  call i32 @fflush(ptr null)")

    def value(self, label, t, v):
        s = self.string(label)
        if t in ("float", "double"):
            x = self.tmp()
            self.lines.append("  %s = fpext %s %s to double" % (x, t, v) if t == "float"
                              else "  %s = fadd double %s, 0.0" % (x, v))
            self.lines.append("  call i32 (ptr, ...) @printf(ptr @.ff, ptr %s, double %s)" % (s, x))
        elif t == "ptr":
            x = self.tmp()
            self.lines.append("  %s = icmp eq ptr %s, null" % (x, v))
            self.value(label + " null", "i1", x)
            return
        else:
            x = self.tmp()
            self.lines.append("  %s = %s %s %s to i64" % (x, "zext" if t == "i1" else "sext", t, v)
                              if t != "i64" else "  %s = add i64 %s, 0" % (x, v))
            self.lines.append("  call i32 (ptr, ...) @printf(ptr @.fi, ptr %s, i64 %s)" % (s, x))
        self.lines.append("  call i32 @fflush(ptr null)")

    def globals(self):
        out = []
        for i, text in enumerate(self.strings):
            out.append('@.s%d = private constant [%d x i8] c"%s\\00"' % (i, len(text) + 1, text))
        return out


def harness(text):
    """IR text to link with TEXT so that it runs under lli: a `main` that
    calls its external functions of scalar and pointer parameters with
    fixed arguments (pointers into a zeroed buffer), printing each result
    and a checksum of the buffer; and a stub for every function it
    declares that is neither an intrinsic nor the C library's, printing
    its name and scalar arguments and returning zero (a pointer: into a
    zeroed buffer). "" if TEXT has a main of its own (stubs only), None if
    it cannot run here (another target, or nothing to call)."""
    if not (triple(text) == "" or triple(text).startswith("x86_64")):
        return None
    defined = {m.group(2) for m in DEFINE.finditer(text)}
    has_main = "main" in defined
    p = Printer()
    stubs = []
    for m in DECLARE.finditer(text):
        sig = Signature(m)
        name = sig.name.strip('"')
        if name.startswith("llvm.") or name in LIBC or sig.name in defined:
            continue
        if any("(" in t for t in [sig.ret] + sig.params):
            return None   # a function type we do not parse
        p.lines = []
        args = ["%s %%a%d" % (t, i) for i, t in enumerate(sig.params)]
        p.label("stub " + name)
        for i, t in enumerate(sig.params):
            if t in SCALAR or t == "ptr":
                p.value("  arg%d" % i, t, "%%a%d" % i)
        if sig.ret == "void":
            ret = "  ret void"
        elif sig.ret == "ptr":
            ret = "  ret ptr @__ct_heap"
        elif sig.ret in SCALAR and sig.ret not in ("float", "double"):
            ret = "  ret %s 0" % sig.ret
        else:
            ret = "  ret %s zeroinitializer" % sig.ret
        stubs.append("define %s %s(%s%s) {\n%s\n%s\n}" % (
            sig.ret, "@" + sig.name, ", ".join(args), ", ..." if sig.varargs else "",
            "\n".join(p.lines), ret))
    p.lines = []
    called = []
    if not has_main:
        for m in DEFINE.finditer(text):
            sig = Signature(m)
            if not sig.callable_from_main():
                continue
            for k, args in enumerate(ARGS if sig.params else ARGS[:1]):
                p.lines.append("  call void @llvm.memset.p0.i64(ptr @__ct_mem, i8 0, i64 8192, i1 false)")
                actual = []
                for i, t in enumerate(sig.params):
                    if t == "ptr":
                        actual.append("ptr getelementptr (i8, ptr @__ct_mem, i64 %d)" % (2048 + 512 * i))
                    else:
                        actual.append("%s %s" % (t, literal(t, args)))
                p.label("call %s %d" % (sig.name.strip('"'), k))
                if sig.ret == "void":
                    p.lines.append("  call void @%s(%s)" % (sig.name, ", ".join(actual)))
                else:
                    r = p.tmp()
                    p.lines.append("  %s = call %s @%s(%s)" % (r, sig.ret, sig.name, ", ".join(actual)))
                    p.value("  result", sig.ret, r)
                p.lines.append("  call void @__ct_sum()")
            called.append(sig)
        if not called:
            return None
    # The harness is a module of its own: it declares what it calls.
    decls = "declare i32 @printf(ptr, ...)\ndeclare i32 @fflush(ptr)\n" + "".join(
        "declare %s @%s(%s)\n" % (sig.ret, sig.name, ", ".join(sig.params))
        for sig in called)
    # Globals it only declares get a zeroed definition.
    for m in EXTERNAL.finditer(text):
        stubs.append("@%s = global %s zeroinitializer" % (m.group(1), m.group(2).strip()))
    main = "" if has_main else "define i32 @main() {\n%s\n  ret i32 0\n}\n" % "\n".join(p.lines)
    return (decls + "\n".join(p.globals()) + "\n" +
            '@.fi = private constant [9 x i8] c"%s %lld\\0A\\00"\n'
            '@.ff = private constant [7 x i8] c"%s %a\\0A\\00"\n'
            '@.fl = private constant [4 x i8] c"%s\\0A\\00"\n'
            '@.fsum = private constant [8 x i8] c"sum %u\\0A\\00"\n'
            "@__ct_mem = internal global [8192 x i8] zeroinitializer, align 16\n"
            "@__ct_heap = internal global [4096 x i8] zeroinitializer, align 16\n"
            "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n"
            "define internal void @__ct_sum() {\n"
            "entry:\n  br label %loop\n"
            "loop:\n  %i = phi i64 [ 0, %entry ], [ %j, %loop ]\n"
            "  %h = phi i32 [ 2166136261, %entry ], [ %h2, %loop ]\n"
            "  %p = getelementptr i8, ptr @__ct_mem, i64 %i\n"
            "  %b = load i8, ptr %p\n  %w = zext i8 %b to i32\n"
            "  %x = xor i32 %h, %w\n  %h2 = mul i32 %x, 16777619\n"
            "  %j = add i64 %i, 1\n  %done = icmp eq i64 %j, 8192\n"
            "  br i1 %done, label %out, label %loop\n"
            "out:\n  call i32 (ptr, ...) @printf(ptr @.fsum, i32 %h2)\n"
            "  call i32 @fflush(ptr null)\n  ret void\n}\n" +
            "\n".join(stubs) + "\n" + main)


class Case:
    def __init__(self, env, corpus, seed, d):
        self.env, self.seed, self.d = env, seed, d
        self.rel, self.part = corpus.cases[seed]
        self.src = corpus.source(corpus.cases[seed])
        self.commands = []

    def run(self, cmd, timeout=OPT_SECONDS):
        self.commands.append(" ".join(cmd))
        return common.run(cmd, timeout)

    def input(self):
        """The case's input file: the source, or its split-file part."""
        if not self.part:
            return self.src
        parts = os.path.join(self.d, "parts")
        self.run([self.env.tool("split-file"), self.src, parts])
        return os.path.join(parts, self.part)


def lli_run(env, case, module, main_text, tag, level="-O2"):
    """Links MODULE (IR text file) with the generated harness (if any) and
    runs it under lli at code generation LEVEL; returns (rc, stdout), or
    None if it does not link, is killed by a signal or hangs."""
    bc = os.path.join(case.d, tag + ".bc")
    if main_text:
        h = os.path.join(case.d, "harness.ll")
        with open(h, "w") as f:
            f.write(main_text)
        r = case.run([env.tool("llvm-link"), module, h, "-o", bc])
    else:
        r = case.run([env.tool("llvm-as"), module, "-o", bc])
    if r.rc:
        return None
    r = case.run([env.tool("lli"), level, bc], timeout=RUN_SECONDS)
    if r.timed_out or r.crashed:
        return None
    return r.rc, r.out


def codegen_ok(env, case, module):
    r = case.run([env.tool("llc"), "-filetype=obj", "-o", os.devnull, module])
    return r.rc == 0 and not r.crashed


def judge(env, case, name, flags, ref_text, ref_run, ref_codegen, tally):
    """Runs one configuration on the case; returns None or (kind, detail)."""
    out = os.path.join(case.d, name + ".ll")
    report = os.path.join(case.d, name + ".json")
    r = case.run([env.tool("opt"), "-load-pass-plugin=" + env.plugin, "-S",
                  "-coalesce-verify", "-coalesce-report=" + report] + flags +
                 [case.input_file, "-o", out])
    if r.timed_out:
        return "hang", name
    if r.crashed:
        kind = "abort" if "LLVM ERROR:" in r.err and r.rc > 0 and r.rc < 128 else "crash"
        return kind, name + ": " + r.err.strip()[-300:]
    if r.rc:
        kind = "verifier" if "broken" in r.err else "error"
        return kind, name + ": " + r.err.strip()[-300:]
    with open(out, errors="replace") as f:
        text = f.read()
    v = case.run([env.tool("opt"), "-passes=verify", "-disable-output", out])
    if v.rc:
        return "verifier-after", name + ": " + v.err.strip()[-300:]
    before = entry_points(ref_text)
    after = entry_points(text)
    lost = sorted(n for n, cc in before.items() if after.get(n) != cc)
    if lost:
        return "entry-point", "%s: %s no longer a %s definition" % (name, lost[0], before[lost[0]])
    if text == ref_text:
        return None
    tally.add("changed")
    if ref_codegen:
        tally.add("codegen-checked")
        if not codegen_ok(env, case, out):
            # llc-22 crashes now and then on some inputs (an unusual
            # personality): it must compile the input every time.
            if not all(codegen_ok(env, case, case.ref) for _ in range(3)):
                tally.add("codegen-unstable")
                return None
            return "codegen", name + ": llc fails on the output, not on the input"
    if ref_run is not None:
        main_text = harness(ref_text)
        got = lli_run(env, case, out, main_text, name)
        tally.add("lli-compared")
        if got != ref_run:
            return "lli-mismatch", "%s: before rc %s %r, after %r" % (
                name, ref_run[0], ref_run[1][:120], got and (got[0], got[1][:120]))
    return None


def one(env, corpus, seed, tally):
    d = env.scratch()
    try:
        case = Case(env, corpus, seed, d)
        case.input_file = case.input()
        ref = case.ref = os.path.join(d, "input.ll")
        r = case.run([env.tool("opt"), "-S", "-passes=verify", case.input_file, "-o", ref])
        if r.rc or r.crashed or r.timed_out:
            tally.add("skipped-not-assembling")
            return
        with open(ref, errors="replace") as f:
            ref_text = f.read()
        main_text = harness(ref_text)
        ref_run = lli_run(env, case, ref, main_text, "input") if main_text is not None else None
        if ref_run is not None:
            # What depends on code generation (an uninitialized value
            # printed) cannot judge coalesce: the input must print the same
            # at -O0.
            if lli_run(env, case, ref, main_text, "input-O0", "-O0") != ref_run:
                tally.add("lli-unstable")
                ref_run = None
            else:
                tally.add("runnable")
        ref_codegen = codegen_ok(env, case, ref)
        failures = []
        for name, flags in CONFIGS:
            bad = judge(env, case, name, flags, ref_text, ref_run, ref_codegen, tally)
            if bad:
                failures.append(bad)
        if not failures:
            tally.add("passed")
            return
        kind, detail = failures[0]
        note = "%s%s\n%s\n\n%s\n" % (case.rel, " (part %s)" % case.part if case.part else "",
                                     "\n".join("%s: %s" % f for f in failures),
                                     "\n".join(case.commands))
        kept = env.keep(NAME, seed, [case.input_file] + [
            os.path.join(d, n) for n in os.listdir(d) if n.endswith((".ll", ".json"))], note)
        tally.fail(seed, kind, kept, "%s: %s" % (case.rel + (":" + case.part if case.part else ""),
                                                 detail))
    finally:
        shutil.rmtree(d, ignore_errors=True)


def universe(env):
    """How many seeds the mode has (the corpus's cases)."""
    return len(llvmcorpus.corpus(env).cases)


def run(env, seeds, tally):
    corpus = llvmcorpus.corpus(env)
    for seed in seeds:
        if seed >= len(corpus.cases):
            continue
        one(env, corpus, seed, tally)


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--seeds", default="0-%d" % (QUICK.stop - 1))
    args = ap.parse_args()
    env = common.Env(args.build, os.path.join(args.build, "gauntlet-kept"))
    a, _, b = args.seeds.partition("-")
    t = common.Tally(NAME)
    run(env, range(int(a), int(b or a) + 1), t)
    print(t.counts)
    for f in t.failures:
        print("FAIL", f["seed"], f["kind"], f["detail"])
    sys.exit(1 if t.failures else 0)
