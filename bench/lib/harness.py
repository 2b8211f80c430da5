"""The engine of bench/run: fetch, compile, link every variant, measure.

A project (a recipe in bench/lib/projects/) gives its npm package, its compile units
and its binaries; a program (one row of the tables) is one or more of those
binaries with its checks and, optionally, a runtime workload. Everything
here is the same for every project.
"""

import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time

import llvm_tools

LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
CLANG = os.environ.get("CLANG", "clang-22")
CLANGXX = os.environ.get("CLANGXX", "clang++-22")
GCC = os.environ.get("GCC", "gcc")
GXX = os.environ.get("GXX", "g++")

_log_lock = threading.Lock()
_t0 = time.monotonic()


def log(msg):
    el = time.monotonic() - _t0
    with _log_lock:
        print("[%3d:%02d] %s" % (el // 60, el % 60, msg), file=sys.stderr,
              flush=True)


def llvm_tool(name):
    return os.path.join(LLVM_BIN, name)


class BenchError(Exception):
    pass


# ---------------------------------------------------------------- targets

class Target:
    """The machine the programs are built for.

    native: the programs run on this machine as they are; otherwise under
    emulator (qemu-user), where callgrind cannot count their instructions
    and wall times measure the emulation, so no runtime is measured.
    clang_flags: added to every clang compile and link. suffix: the cache's
    obj/, bin/ and work/ directories of this target (obj-aarch64, ...), so
    that both targets share one cache without mixing their files."""

    def __init__(self, name, clang_flags=(), emulator=(), suffix=""):
        self.name = name
        self.clang_flags = list(clang_flags)
        self.emulator = list(emulator)
        self.native = not emulator
        self.suffix = suffix


AARCH64_SYSROOT = "/usr/aarch64-linux-gnu"
RISCV64_SYSROOT = "/usr/riscv64-linux-gnu"
TARGETS = {
    "x86_64": Target("x86_64"),
    # Debian's arm64 cross packages put the C library and libstdc++ under
    # /usr/aarch64-linux-gnu and GCC's crt files and libstdc++.so under
    # /usr/lib/gcc-cross/aarch64-linux-gnu/12, where clang finds them by
    # itself for this triple: no --sysroot or -B is needed. -L makes qemu
    # take the dynamic loader and the shared libraries from there too.
    "aarch64": Target("aarch64", ["--target=aarch64-linux-gnu"],
                      ["qemu-aarch64", "-L", AARCH64_SYSROOT], "-aarch64"),
    # The same with Debian's riscv64 cross packages (RV64GC, lp64d).
    "riscv64": Target("riscv64", ["--target=riscv64-linux-gnu"],
                      ["qemu-riscv64", "-L", RISCV64_SYSROOT], "-riscv64"),
}
# The target of this run: set once, by bench/run, before anything is built.
TARGET = TARGETS["x86_64"]


def use_target(name):
    global TARGET
    TARGET = TARGETS[name]


# ---------------------------------------------------------------- variants

class Variant:
    """One way of linking the same objects.

    toolchain: "clang" (the bitcode objects, ld.lld) or "gcc" (GCC's own
    -flto objects from the same sources, GCC's default linker). lto:
    "full" or "thin" (clang only: the sources compiled with -flto=thin
    into objects of their own, linked with -flto=thin, ld.lld running the
    ThinLTO backends). native_only: the variant needs the host's tools
    (GCC, ld.gold) and is left out when the target is not the host's."""

    def __init__(self, key, label, ldflags=(), toolchain="clang",
                 coalesce=False, gold=None, note="", default=True,
                 options=(), profile=False, ref="baseline", plain=None,
                 lto="full", base="baseline", scan=False):
        self.key, self.label = key, label
        # scan: before the link, coalesce-backend --scan over the link's
        # bitcode writes a plan of merges across modules, which the
        # backends take (-coalesce-cross-module-plan=); part of its link
        # time.
        self.scan = scan
        self.ldflags = list(ldflags)
        self.toolchain = toolchain
        self.coalesce = coalesce
        # options: coalesce options beside the report (COALESCE_OPTIONS).
        self.options = list(options)
        # gold: "llvmgold" (LLVM's LLVMgold.so) or "coalesce" (coalesce.so
        # as the GNU linker plugin).
        self.gold = gold
        self.note = note
        # profile: the objects are compiled once more for each program
        # with a workload, with -fprofile-instr-use and the profile of
        # that workload (see profile_objects); ld.lld as the others.
        self.profile = profile
        # ref: the variant whose runtime this one's is compared with (the
        # same objects without coalesce); plain: the same link without the
        # profile (the ThinLTO variants: the same link in full LTO).
        self.ref = ref
        self.plain = plain
        self.lto = lto
        # base: the variant all of this one's ratios are against (its
        # .text change, link time, instructions, wall time): the baseline,
        # or for the ThinLTO variants thin-baseline, the same ThinLTO
        # objects linked with nothing added. thin-baseline's own are
        # against the baseline: what ThinLTO costs.
        self.base = base
        self.native_only = toolchain == "gcc" or gold is not None or profile
        # default: in the run when --variants does not choose.
        self.default = default

    @property
    def objset(self):
        """The key of the objects it links in bench_program's objs."""
        if self.profile:
            return self.toolchain + "-pgo"
        if self.lto == "thin":
            return self.toolchain + "-thin"
        return self.toolchain

    def flags_text(self, plugin_name="coalesce.so"):
        if self.toolchain == "gcc":
            return "gcc/g++ -Os -flto (compile and link), GNU ld"
        if self.gold == "llvmgold":
            return " ".join(["-Oz -flto -fuse-ld=gold"] + self.ldflags +
                            ["(LLVMgold.so)"])
        if self.gold == "coalesce":
            return "-Oz -fuse-ld=gold -Wl,-plugin," + plugin_name
        flags = TARGET.clang_flags + [
            "-Oz %s -fuse-ld=lld" % lto_flag(self.lto)]
        if self.profile:
            flags = ["objects: -fprofile-instr-use=PROGRAM.profdata (the "
                     "workload's profile); link:"] + flags
        if self.coalesce:
            flags.append("-Wl,--load-pass-plugin=" + plugin_name)
        flags += self.ldflags
        if self.options:
            flags.append('(COALESCE_OPTIONS="%s")' % " ".join(self.options))
        if self.scan:
            flags.append("(first `coalesce-backend --scan --icf -o PLAN "
                         "OBJECTS`; COALESCE_OPTIONS=-coalesce-cross-module-"
                         "plan=PLAN)")
        return " ".join(flags)


def lto_flag(lto):
    """The clang option of an LTO kind ("full", "thin"), compile and
    link."""
    return "-flto=thin" if lto == "thin" else "-flto"


MERGEFUNC = ["-Wl,-mllvm,-enable-merge-functions"]
# -Wl, splits at commas: the pipeline text goes through -Xlinker whole.
IROUTLINER = ["-Xlinker", "--lto-newpm-passes=lto<O2>,iroutliner"]
GMF = ["-Wl,-mllvm,-enable-global-merge-func"]
# Under ThinLTO global-merge-func needs the hashes of every module's
# functions: the backends run twice, the first round to gather them
# (codegen data), the second to merge with them.
GMF_THIN = GMF + ["-Wl,-mllvm,-codegen-data-thinlto-two-rounds"]
MOUTLINER = ["-Wl,-mllvm,-enable-machine-outliner"]
ICF = ["-Wl,--icf=all"]
GOLD_MERGEFUNC = ["-Wl,-plugin-opt=merge-functions"]

VARIANTS = [
    Variant("baseline", "baseline"),
    Variant("mergefunc", "mergefunc", MERGEFUNC),
    Variant("iroutliner", "IR outliner", IROUTLINER),
    Variant("gmf", "global-merge-func", GMF),
    Variant("moutliner", "machine outliner", MOUTLINER),
    Variant("icf", "icf=all", ICF),
    Variant("llvm-all", "all LLVM", MERGEFUNC + IROUTLINER + GMF + MOUTLINER
            + ICF),
    Variant("mergefunc-iroutliner", "mergefunc + IR outliner",
            MERGEFUNC + IROUTLINER),
    Variant("coalesce", "coalesce", coalesce=True),
    # coalesce with its later stages off: the .text differences between
    # the three are what each stage measured, beside what the report
    # predicted for it.
    Variant("coalesce-merge", "coalesce, identical only", coalesce=True,
            options=["-coalesce-merge-constants=false",
                     "-coalesce-outline=false"]),
    Variant("coalesce-constants", "coalesce, merging only", coalesce=True,
            options=["-coalesce-outline=false"]),
    Variant("coalesce+", "coalesce+icf+MO", ICF + MOUTLINER, coalesce=True),
    # With similar-function merging on (off by default while it is
    # measured): against coalesce, what the stage adds.
    Variant("coalesce-similar", "coalesce+similar", coalesce=True,
            options=["-coalesce-merge-similar"], default=False),
    Variant("gcc", "GCC -Os -flto", toolchain="gcc"),
    # Through ld.gold: LLVM's own LLVMgold.so with LLVM's function merger
    # on, and coalesce.so as the GNU linker plugin (run by default when the
    # plugin has its entry point). The merger is LLVMgold.so's own option,
    # -plugin-opt=merge-functions: the LLVM option spelling
    # (-plugin-opt=-enable-merge-functions) changes nothing there. With it,
    # LLVMgold.so gives the code of ld.lld with -enable-merge-functions: the
    # anchor that gold+coalesce is compared with.
    Variant("gold-mergefunc", "gold+LLVMgold mergefunc", GOLD_MERGEFUNC,
            gold="llvmgold"),
    Variant("gold-coalesce", "gold+coalesce", gold="coalesce",
            coalesce=True),
    # LLVMgold.so without the merger: only when --variants names it (it
    # tells little that the baseline does not, for one more link of
    # everything).
    Variant("gold", "gold+LLVMgold", gold="llvmgold", default=False),
    # With the profile of the program's workload in the bitcode (what a
    # user who builds with PGO gives coalesce): the objects compiled with
    # -fprofile-instr-use, linked as the baseline and as coalesce. Only for
    # programs with a workload, on the host; only when --pgo or --variants
    # asks. coalesce-pgo's runtime is compared with baseline-pgo's.
    Variant("baseline-pgo", "baseline-pgo", profile=True, default=False,
            plain="baseline"),
    Variant("coalesce-pgo", "coalesce-pgo", coalesce=True, profile=True,
            default=False, ref="baseline-pgo", plain="coalesce"),
    # ThinLTO: the same sources compiled with -flto=thin (objects of their
    # own, "clang-thin"), linked with -flto=thin by ld.lld, which runs
    # coalesce in every backend. Only when --thin or --variants asks. Each
    # is measured against thin-baseline (base), the same objects linked
    # with nothing added; thin-baseline against the baseline.
    Variant("thin-baseline", "thin-baseline", lto="thin", default=False,
            plain="baseline"),
    Variant("thin-icf", "thin-icf=all", ICF, lto="thin", default=False,
            ref="thin-baseline", base="thin-baseline", plain="icf"),
    Variant("thin-gmf-icf", "thin-global-merge-func+icf", GMF_THIN + ICF,
            lto="thin", default=False, ref="thin-baseline",
            base="thin-baseline"),
    Variant("thin-coalesce", "thin-coalesce", coalesce=True, lto="thin",
            default=False, ref="thin-baseline", base="thin-baseline",
            plain="coalesce"),
    Variant("thin-coalesce-icf", "thin-coalesce+icf", ICF, coalesce=True,
            lto="thin", default=False, ref="thin-baseline",
            base="thin-baseline"),
    # With the scan across modules first: functions equal up to constants
    # in different modules share one body. ld.lld keeps every backend's
    # copy of it unless --icf=all folds them (or --gc-sections drops
    # them): with ICF only.
    Variant("thin-coalesce-scan-icf", "thin-coalesce+scan+icf", ICF,
            coalesce=True, lto="thin", default=False, ref="thin-baseline",
            base="thin-baseline", scan=True),
]
GOLD_KEYS = ("gold-mergefunc", "gold-coalesce", "gold")
PGO_KEYS = ("baseline-pgo", "coalesce-pgo")
THIN_KEYS = ("thin-baseline", "thin-icf", "thin-gmf-icf", "thin-coalesce",
             "thin-coalesce-icf", "thin-coalesce-scan-icf")
VARIANT_BY_KEY = {v.key: v for v in VARIANTS}


# ---------------------------------------------------------------- specs

class Unit:
    """One source file compiled to one object."""

    def __init__(self, src, flags=(), lang=None, name=None):
        self.src = src
        self.flags = list(flags)
        self.lang = lang or ("c" if src.endswith(".c") else "c++")
        base = os.path.splitext(src)[0].replace("/", "_")
        self.name = name or base


class Binary:
    """One program linked from objects.

    units: names of Units (or Unit objects); libs: trailing link arguments
    (-lm, static archives of native code such as Debian's libgtest.a)."""

    def __init__(self, name, units, libs=(), cxx=None):
        self.name = name
        self.units = list(units)
        self.libs = list(libs)
        self.cxx = cxx


class Program:
    """One row of the tables.

    binaries: Binary objects; timed: the binary whose link is timed
    (the first by default). text: "main" (the timed binary's .text) or
    "sum" (all binaries'). check(ctx, variant, bins) returns a dict
    name -> (ok, result) where result is compared with the baseline's when
    compare is True. workload(bins, workdir) returns (argv, stdin_path)
    for the runtime measurements, or None."""

    def __init__(self, name, binaries, check, workload=None, timed=None,
                 text="main", compare=False, describe="", workload_text=""):
        self.name = name
        self.binaries = binaries
        self.check = check
        self.workload = workload
        self.timed = timed or binaries[0].name
        self.text = text
        self.compare = compare
        self.describe = describe
        self.workload_text = workload_text


class Project:
    """A package from npm and how to build what it carries.

    Subclasses set name, package, version, sha256 and implement
    setup(srcroot) (returning the source directory, after any unpacking of
    nested archives), units(src), programs(src, ctx)."""

    name = package = version = sha256 = None
    gcc_flags = []
    toolchains = ("clang", "gcc")
    # The targets (TARGETS) its programs build for.
    targets = ("x86_64", "aarch64", "riscv64")

    def setup(self, root):
        return root

    def units(self, src):
        raise NotImplementedError

    def programs(self, src, ctx):
        raise NotImplementedError

    def archives(self):
        """{name: [unit names]}: static libraries that binaries name as
        "lib:NAME"; the linker takes only the members it needs, as from
        the project's own libraries."""
        return {}


# ---------------------------------------------------------------- context

class Context:
    def __init__(self, cache, plugin, jobs, link_reps, run_reps, variants,
                 timeout=900, save_modules=None, backend=None, resume=None):
        self.cache = cache
        # Where each program's result is kept once measured (bench/run
        # names a directory per plugin, variants, repetitions and target),
        # or None: measure everything.
        self.resume = resume
        # Where checks and instruction counts are kept by the contents of
        # the binaries they ran (known_measures), or None. A variant whose
        # link comes out byte for byte as before (every variant without
        # coalesce, and coalesce's when a change does not touch this
        # program) is not checked or run under callgrind again.
        self.measured = resume and os.path.dirname(resume)
        # Whether workloads are measured (callgrind, wall time).
        self.runtime = True
        # coalesce-backend, for the variants that scan across modules.
        self.backend = backend
        # Where --save-modules puts the merged modules, or None.
        self.save_modules = save_modules
        self.saved_modules = []
        self.plugin = plugin
        self.jobs = jobs
        self.link_reps = link_reps
        self.run_reps = run_reps
        self.variants = variants
        self.timeout = timeout
        for d in ("npm", "src", "obj", "bin", "work"):
            os.makedirs(self.path(d), exist_ok=True)

    def path(self, *parts):
        # What is built for a target other than the host's goes to its own
        # obj-TARGET/, bin-TARGET/ and work-TARGET/; sources are shared.
        if parts and parts[0] in ("obj", "bin", "work"):
            parts = (parts[0] + TARGET.suffix,) + parts[1:]
        return os.path.join(self.cache, *parts)


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


sha256_file = llvm_tools.sha256


def fetch(ctx, project):
    """The project's npm tarball, unpacked under the cache (once); a
    project with sources of another kind (debsrc.DebianProject: Debian
    source packages) fetches them itself."""
    if hasattr(project, "fetch_source"):
        return project.setup(project.fetch_source(ctx))
    tgz = ctx.path("npm", "%s-%s.tgz" % (project.package, project.version))
    if not os.path.exists(tgz):
        log("[%s] fetch %s@%s with npm" % (project.name, project.package,
                                           project.version))
        with tempfile.TemporaryDirectory(dir=ctx.path("npm")) as tmp:
            run(["npm", "pack", "--silent", "--pack-destination", tmp,
                 "%s@%s" % (project.package, project.version)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                cwd=tmp)
            got = [f for f in os.listdir(tmp) if f.endswith(".tgz")]
            if len(got) != 1:
                raise BenchError("npm pack gave %r" % got)
            os.replace(os.path.join(tmp, got[0]), tgz)
    digest = sha256_file(tgz)
    if digest != project.sha256:
        raise BenchError("%s: sha256 %s, expected %s (pinned)" %
                         (tgz, digest, project.sha256))
    root = ctx.path("src", "%s-%s" % (project.package, project.version))
    if not os.path.exists(os.path.join(root, ".unpacked")):
        log("[%s] unpack %s" % (project.name, os.path.basename(tgz)))
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        with tarfile.open(tgz) as tf:
            tf.extractall(root, filter="data")
        open(os.path.join(root, ".unpacked"), "w").close()
    return project.setup(os.path.join(root, "package"))


# ---------------------------------------------------------------- compile

def compile_cmd(unit, src, toolchain, project, extra=(), lto="full"):
    if toolchain == "gcc":
        cc = GCC if unit.lang == "c" else GXX
        opt = ["-Os", "-flto"] + project.gcc_flags
    else:
        cc = CLANG if unit.lang == "c" else CLANGXX
        opt = TARGET.clang_flags + ["-Oz", lto_flag(lto)]
    return [cc] + opt + list(extra) + ["-w", "-c",
                                       os.path.join(src, unit.src)] + \
        unit.flags


def compile_all(ctx, project, src, units, toolchain, extra=(), objset=None,
                lto="full"):
    """Objects for every unit, compiled in parallel, cached by command.

    extra: more compiler options (the profile's); objset: the directory
    under obj/PROJECT/ (default: the toolchain's); lto: "full" or "thin"
    (clang's -flto or -flto=thin)."""
    objset = objset or toolchain
    outdir = ctx.path("obj", project.name, objset)
    os.makedirs(outdir, exist_ok=True)
    objs, todo = {}, []
    for u in units:
        cmd = compile_cmd(u, src, toolchain, project, extra, lto)
        key = hashlib.sha1(" ".join(cmd).encode()).hexdigest()[:10]
        obj = os.path.join(outdir, "%s-%s.o" % (u.name, key))
        objs[u.name] = obj
        if not os.path.exists(obj):
            todo.append((u, cmd, obj))
    if not todo:
        return objs
    log("[%s] compile %d objects with %s (%d jobs)" %
        (project.name, len(todo), objset, ctx.jobs))
    done = [0]
    t0 = time.monotonic()

    def one(item):
        u, cmd, obj = item
        tmp = obj + ".tmp.o"
        r = subprocess.run(cmd + ["-o", tmp], cwd=src,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode:
            raise BenchError("compile failed: %s\n%s" % (
                shlex.join(cmd), r.stdout.decode(errors="replace")[-3000:]))
        os.replace(tmp, obj)
        done[0] += 1
        if done[0] % 10 == 0 or done[0] == len(todo):
            log("[%s]   %s: %d/%d objects (%.0f s)" % (
                project.name, objset, done[0], len(todo),
                time.monotonic() - t0))

    with concurrent.futures.ThreadPoolExecutor(ctx.jobs) as ex:
        for f in [ex.submit(one, item) for item in todo]:
            f.result()
    return objs


# ---------------------------------------------------------------- link

def make_archives(ctx, project, objs, toolchain, only=None):
    """Static libraries of the objects (llvm-ar; GCC: gcc-ar, whose index
    knows GCC's LTO objects), added to objs as "lib:NAME". toolchain: the
    objects' directory (compile_all's objset); only: the names of the
    archives to make (default all)."""
    for name, members in project.archives().items():
        if only is not None and name not in only:
            continue
        files = [objs[m] for m in members]
        key = hashlib.sha1(" ".join(files).encode()).hexdigest()[:10]
        path = ctx.path("obj", project.name, toolchain,
                        "lib%s-%s.a" % (name, key))
        if not os.path.exists(path):
            ar = "gcc-ar" if toolchain == "gcc" else llvm_tool("llvm-ar")
            run([ar, "rcs", path + ".tmp.a"] + files)
            os.replace(path + ".tmp.a", path)
        objs["lib:" + name] = path


def report_path(out):
    """Where coalesce writes its JSON report when it links out."""
    return out + ".coalesce.json"


def link_cmd(ctx, variant, binary, objs, out, cxx):
    files = [objs[u] for u in binary.units]
    if variant.toolchain == "gcc":
        return [GXX if cxx else GCC, "-Os", "-flto"] + files + \
            binary.libs + ["-o", out], None
    cc = [CLANGXX if cxx else CLANG] + TARGET.clang_flags
    if variant.gold == "llvmgold":
        cmd = cc + ["-Oz", "-flto", "-fuse-ld=gold"]
    elif variant.gold == "coalesce":
        # No -flto: the driver would add LLVMgold.so; coalesce.so does LTO.
        cmd = cc + ["-Oz", "-fuse-ld=gold", "-Wl,-plugin," + ctx.plugin]
    else:
        cmd = cc + ["-Oz", lto_flag(variant.lto), "-fuse-ld=lld"]
        if variant.coalesce:
            cmd.append("-Wl,--load-pass-plugin=" + ctx.plugin)
    env = None
    if variant.coalesce:
        env = dict(os.environ)
        # COALESCE_BENCH_OPTIONS: more options for every coalesce link, for
        # experiments (the results' link column does not show them).
        env["COALESCE_OPTIONS"] = " ".join(
            ["-coalesce-report=" + report_path(out)] + variant.options +
            os.environ.get("COALESCE_BENCH_OPTIONS", "").split())
    return cmd + variant.ldflags + files + binary.libs + ["-o", out], env


def run_measured(cmd, env=None, timeout=3600):
    """Run cmd; (exit status, output bytes, peak resident KiB of the
    largest process among it and the children it waited for: the
    linker under the compiler driver)."""
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT)
    timer = threading.Timer(timeout, p.kill)
    timer.start()
    try:
        out = p.stdout.read()
        _, status, usage = os.wait4(p.pid, 0)
    finally:
        timer.cancel()
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, out, usage.ru_maxrss


# What a link's --time-trace says of coalesce's stages and of the link:
# (label, the trace's "Total" event).
TRACE_STAGES = (("link", "ExecuteLinker"), ("opt", "opt"),
                ("codegen", "codegen"),
                ("coalesce", "coalesce::{anonymous}::CoalescePass"),
                ("hotness", "coalesce: hotness"),
                ("similarity", "coalesce: similarity"),
                ("outlining", "coalesce: outlining"),
                ("merge identical", "coalesce: merge identical"),
                ("merge up to constants", "coalesce: merge up to constants"),
                ("merge similar", "coalesce: merge similar"))


def traced_stages(ctx, variant, binary, objs, out, cxx):
    """One more link of a coalesce variant through ld.lld with
    --time-trace: seconds per stage (TRACE_STAGES), or None."""
    if not variant.coalesce or variant.gold or variant.scan or \
            variant.toolchain != "clang":
        return None
    cmd, env = link_cmd(ctx, variant, binary, objs, out + ".traced", cxx)
    trace = out + ".trace.json"
    r = subprocess.run(cmd[:-2] + ["-Wl,--time-trace=" + trace] + cmd[-2:],
                       env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=3600)
    for f in (out + ".traced", report_path(out + ".traced")):
        if os.path.exists(f):
            os.remove(f)
    if r.returncode or not os.path.exists(trace):
        return None
    with open(trace) as f:
        events = json.load(f).get("traceEvents", [])
    os.remove(trace)
    total = {e["name"][len("Total "):]: e.get("dur", 0) for e in events
             if e.get("name", "").startswith("Total ")}
    return {label: total.get(name, 0) / 1e6 for label, name in TRACE_STAGES}


def link_one(ctx, variant, binary, objs, out, cxx):
    """Link; (seconds, error text or None, peak KiB). A variant that scans
    across modules runs the scan first, in the link's time."""
    cmd, env = link_cmd(ctx, variant, binary, objs, out, cxx)
    tmp = out + ".tmp"
    if os.path.exists(report_path(out)):
        os.remove(report_path(out))  # an earlier link's
    t0 = time.perf_counter()
    if variant.scan:
        plan = out + ".plan.json"
        scan = [ctx.backend, "--scan", "-o", plan] + \
            (["--icf"] if "-Wl,--icf=all" in variant.ldflags else []) + \
            [objs[u] for u in binary.units]
        r = subprocess.run(scan, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=3600)
        if r.returncode:
            return time.perf_counter() - t0, "scan failed (exit %d): %s\n%s" % (
                r.returncode, shlex.join(scan),
                r.stdout.decode(errors="replace")[-4000:]), None
        env["COALESCE_OPTIONS"] += " -coalesce-cross-module-plan=" + plan
    rc, output, peak = run_measured(cmd[:-1] + [tmp], env=env)
    secs = time.perf_counter() - t0
    if rc:
        for f in (tmp, out):
            if os.path.exists(f):
                os.remove(f)
        text = output.decode(errors="replace")
        return secs, "link failed (exit %d): %s\n%s" % (
            rc, shlex.join(cmd), text[-4000:]), peak
    os.replace(tmp, out)
    return secs, None, peak


def scan_plan_totals(outputs):
    """What the scans of the links of OUTPUTS planned (link_one keeps each
    plan next to its output): {families, functions, predicted}, predicted
    being the bytes the scan expects the families to save, the sum of their
    "saved" (to set against the .text measured with and without the scan);
    None if a plan is missing."""
    out = {"families": 0, "functions": 0, "predicted": 0}
    for o in outputs:
        try:
            with open(o + ".plan.json") as f:
                plan = json.load(f)
        except (OSError, ValueError):
            return None
        for fam in plan.get("families") or []:
            out["families"] += 1
            out["functions"] += len(fam.get("members") or [])
            out["predicted"] += fam.get("saved") or 0
    return out


def save_module(ctx, program, binary, objs, cxx, kind=""):
    """--save-modules: link binary once more as the baseline does, with
    ld.lld's --save-temps, and keep the merged module it writes just before
    code generation (OUT.0.5.precodegen.bc) as DIR/PROGRAM.TARGET.bc: the
    module a size model sees, for this target. kind ".pgo": objs are the
    profile variants' (compiled with the workload's profile), kept as
    DIR/PROGRAM.TARGET.pgo.bc: the module coalesce-hotness scores the
    static estimate on. Returns the path."""
    with tempfile.TemporaryDirectory(dir=ctx.path("work")) as tmp:
        out = os.path.join(tmp, binary.name)
        cmd, env = link_cmd(ctx, VARIANT_BY_KEY["baseline"], binary, objs,
                            out, cxx)
        # --save-temps writes its files next to the output: in tmp.
        cmd = cmd[:-2] + ["-Wl,--save-temps", "-o", out]
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=3600)
        if r.returncode:
            raise BenchError("link with --save-temps failed: %s\n%s" % (
                shlex.join(cmd), r.stdout.decode(errors="replace")[-3000:]))
        got = [f for f in os.listdir(tmp)
               if f.endswith(".0.5.precodegen.bc")]
        if len(got) != 1:
            raise BenchError("--save-temps left %r in %s, expected one "
                             "*.0.5.precodegen.bc" % (sorted(os.listdir(tmp)),
                                                      tmp))
        os.makedirs(ctx.save_modules, exist_ok=True)
        dest = os.path.join(ctx.save_modules,
                            "%s.%s%s.bc" % (program.name, TARGET.name, kind))
        shutil.copyfile(os.path.join(tmp, got[0]), dest + ".tmp")
        os.replace(dest + ".tmp", dest)
    return dest


def text_bytes(path):
    out = subprocess.run([llvm_tool("llvm-size"), "-A", path],
                         stdout=subprocess.PIPE, check=True).stdout.decode()
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == ".text":
            return int(f[1])
    raise BenchError("no .text in " + path)


def symbol_sizes(path):
    """Every defined function symbol's size in the linked file: name ->
    bytes (the symbol table's st_size, as llvm-nm -S prints it)."""
    out = subprocess.run([llvm_tool("llvm-nm"), "-S", "--defined-only", path],
                         stdout=subprocess.PIPE, check=True).stdout.decode()
    sizes = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwWiI":
            sizes[f[3]] = int(f[1], 16)
    return sizes


def merged_function_bytes(path, report):
    """What coalesce's decisions left in the linked file, from its symbol
    table: the bodies merges kept (identical merging, and the shared
    functions of merging up to constants), and the thunks; counts and
    bytes of each. Names the linker dropped (inlined or never emitted)
    count 0."""
    sizes = symbol_sizes(path)
    kept = {"merge": set(), "merge-constants": set()}
    thunks = set()
    for m in report.get("merges") or []:
        kept.setdefault(m.get("stage") or "merge", set()).add(m["kept"])
        if m.get("kind") == "thunk":
            thunks.add(m["merged"])
    out = {}
    for name, names in (("kept bodies", kept["merge"] - kept.get(
            "merge-constants", set())),
                        ("shared functions", kept.get("merge-constants",
                                                      set())),
                        ("thunks", thunks)):
        out[name] = {"functions": len(names),
                     "bytes": sum(sizes.get(n, 0) for n in names)}
    return out


# ---------------------------------------------------------------- running

def run_capture(argv, stdin_path=None, cwd=None, timeout=900, env=None):
    """(exit code, stdout+stderr bytes) of one run of a program built here
    (under the target's emulator when it is not the host's)."""
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        r = subprocess.run(TARGET.emulator + argv, stdin=stdin,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           cwd=cwd, timeout=timeout, env=env)
        return r.returncode, r.stdout
    except subprocess.TimeoutExpired as e:
        return "timeout", e.stdout or b""
    except OSError as e:
        return "cannot run: %s" % e, b""
    finally:
        if stdin_path:
            stdin.close()


CALLGRIND_RE = re.compile(rb"Collected\s*:\s*(\d+)")


def json_bytes(o):
    """A check's result that is bytes (a decoded image, a program's raw
    output), as JSON keeps it: its sha256, which compares as the bytes do."""
    if isinstance(o, (bytes, bytearray)):
        return "sha256:" + hashlib.sha256(o).hexdigest()
    raise TypeError("a check's result of type %s" % type(o).__name__)


def callgrind(argv, stdin_path=None, cwd=None):
    """Instructions executed by argv (all threads), or None on failure."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind",
               "--callgrind-out-file=" + os.path.join(tmp, "cg.out")] + argv
        rc, out = run_capture(cmd, stdin_path, cwd, timeout=3600)
    m = CALLGRIND_RE.findall(out)
    if rc != 0 or not m:
        return None
    return sum(int(x) for x in m)


def binaries_digest(paths):
    """The sha256 of the binaries' contents, in order: what decides what a
    check or the workload does, beside the recipe (its digest); None when
    one is missing (its link failed)."""
    h = hashlib.sha256()
    for p in paths:
        try:
            with open(p, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    h.update(chunk)
        except OSError:
            return None
        h.update(b"\0")
    return h.hexdigest()


def measures_path(ctx, project, prog, kind):
    return os.path.join(ctx.measured, kind, "%s.%s.json" % (
        prog.name, recipe_digest(project)[:12]))


def known_measures(ctx, project, prog, kind):
    """binaries_digest -> what an earlier run measured of those binaries:
    kind "instructions" (callgrind's count) or "checks" (each check's
    (ok, result, note), as prog.check returns them, through JSON)."""
    if not ctx.measured:
        return {}
    try:
        with open(measures_path(ctx, project, prog, kind)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def keep_measures(ctx, project, prog, kind, measures):
    if not ctx.measured or not measures:
        return
    path = measures_path(ctx, project, prog, kind)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    merged = dict(known_measures(ctx, project, prog, kind), **measures)
    with open(path + ".tmp", "w") as f:
        json.dump(merged, f, indent=0, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)


def wall(argv, stdin_path=None, cwd=None):
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        t0 = time.perf_counter()
        r = subprocess.run(argv, stdin=stdin, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, cwd=cwd, timeout=3600)
        secs = time.perf_counter() - t0
    finally:
        if stdin_path:
            stdin.close()
    return secs if r.returncode == 0 else None


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


# ---------------------------------------------------------------- profile

def units_of(project, binaries):
    """The names of the units the binaries link, archives' members too."""
    archives = project.archives()
    needed = set()
    for b in binaries:
        for u in b.units:
            if u.startswith("lib:"):
                needed.update(archives[u[4:]])
            else:
                needed.add(u)
    return needed


def archives_of(binaries):
    return {u[4:] for b in binaries for u in b.units if u.startswith("lib:")}


def is_cxx(binary, unit_by_name):
    """Whether the binary links with the C++ driver."""
    if binary.cxx is not None:
        return binary.cxx
    return any(unit_by_name[u].lang == "c++" for u in binary.units
               if u in unit_by_name)


PROFDATA_SHOW = ("Total functions", "Maximum function count",
                 "Total count")


def profile_objects(ctx, project, src, prog, unit_by_name):
    """The program's objects built with the profile of its own workload.

    Compiles the program's units with -fprofile-instr-generate (clang-22
    -Oz -flto, otherwise as compile_all does; cached by command), links
    them as the baseline does, runs the workload once with
    LLVM_PROFILE_FILE in the work directory, merges the raw profiles with
    llvm-profdata into obj/PROJECT/profile/PROGRAM-DIGEST.profdata (named by
    its sha256, so that the command lines of the objects built with it,
    the key of their cache, change exactly when the profile does) and
    compiles the units again with -fprofile-instr-use of that file.

    Returns (objs, info): objs as compile_all's (with the archives the
    program names), info a dict for the results: the profile's file,
    digest and the counts llvm-profdata shows."""
    P = "[%s]" % prog.name
    units = [unit_by_name[n] for n in sorted(units_of(project,
                                                      prog.binaries))]
    libs = archives_of(prog.binaries)
    gen = compile_all(ctx, project, src, units, "clang",
                      ["-fprofile-instr-generate"], "clang-instr")
    make_archives(ctx, project, gen, "clang-instr", libs)

    bdir = ctx.path("bin", project.name, "profile-gen")
    os.makedirs(bdir, exist_ok=True)
    bins = {}
    t0 = time.monotonic()
    for b in prog.binaries:
        out = os.path.join(bdir, b.name)
        cmd, env = link_cmd(ctx, VARIANT_BY_KEY["baseline"], b, gen,
                            out + ".tmp", is_cxx(b, unit_by_name))
        # The driver adds the profile runtime to the link.
        cmd = cmd[:-2] + ["-fprofile-instr-generate"] + cmd[-2:]
        r = subprocess.run(cmd, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=3600)
        if r.returncode:
            raise BenchError("instrumented link failed (exit %d): %s\n%s" % (
                r.returncode, shlex.join(cmd),
                r.stdout.decode(errors="replace")[-3000:]))
        os.replace(out + ".tmp", out)
        bins[b.name] = out
    log("%s linked with -fprofile-instr-generate (%.0f s)" % (
        P, time.monotonic() - t0))

    wd = ctx.path("work", prog.name, "profile-gen")
    raw = ctx.path("work", prog.name, "profile-raw")
    for d in (wd, raw):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    argv, stdin = prog.workload(bins, wd)
    # %p: one file per process; %m: per instrumented module signature.
    env = dict(os.environ,
               LLVM_PROFILE_FILE=os.path.join(raw, "%p-%m.profraw"))
    t0 = time.monotonic()
    rc, text = run_capture(argv, stdin, wd, timeout=3600, env=env)
    if rc != 0:
        raise BenchError("the instrumented workload failed (exit %s): %s\n%s"
                         % (rc, shlex.join(argv),
                            text.decode(errors="replace")[-3000:]))
    raws = sorted(os.path.join(raw, f) for f in os.listdir(raw)
                  if f.endswith(".profraw"))
    if not raws:
        raise BenchError("the instrumented workload wrote no .profraw in "
                         + raw)
    log("%s workload run instrumented: %d raw profile(s) (%.0f s)" % (
        P, len(raws), time.monotonic() - t0))

    pdir = ctx.path("obj", project.name, "profile")
    os.makedirs(pdir, exist_ok=True)
    tmp = os.path.join(pdir, "%s.%d.profdata.tmp" % (prog.name, os.getpid()))
    r = subprocess.run([llvm_tool("llvm-profdata"), "merge", "-o", tmp] +
                       raws, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    if r.returncode:
        raise BenchError("llvm-profdata merge failed: %s" %
                         r.stdout.decode(errors="replace")[-3000:])
    digest = sha256_file(tmp)
    profdata = os.path.join(pdir, "%s-%s.profdata" % (prog.name,
                                                      digest[:12]))
    os.replace(tmp, profdata)
    for d in (wd, raw):
        shutil.rmtree(d, ignore_errors=True)
    info = {"profdata": os.path.basename(profdata), "sha256": digest,
            "raw_files": len(raws), "bytes": os.path.getsize(profdata)}
    out = subprocess.run([llvm_tool("llvm-profdata"), "show", profdata],
                         stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT).stdout.decode(
                             errors="replace")
    for line in out.splitlines():
        k, _, v = line.partition(":")
        if k.strip() in PROFDATA_SHOW and v.strip().isdigit():
            info[k.strip().lower().replace(" ", "_")] = int(v)
    log("%s profile %s: %s functions, total count %s" % (
        P, info["profdata"], info.get("total_functions"),
        info.get("total_count")))

    use = compile_all(ctx, project, src, units, "clang",
                      ["-fprofile-instr-use=" + profdata], "clang-pgo")
    make_archives(ctx, project, use, "clang-pgo", libs)
    return use, info


# ---------------------------------------------------------------- a project

def recipe_digest(project):
    """The sha256 of the recipe's module and of what recipes share: a
    stored result is reused only while its recipe reads the same."""
    import inspect
    h = hashlib.sha256()
    path = inspect.getsourcefile(type(project))
    for f in (path, os.path.join(os.path.dirname(path), "common.py")):
        with open(f, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


def stored_path(ctx, project, name):
    return os.path.join(ctx.resume, "%s.%s.json" % (name,
                                                    recipe_digest(project)[:12]))


def stored_result(ctx, project, name):
    """The result of program `name` that an earlier run with the same
    settings (Context.resume) measured to the end, or None."""
    if not ctx.resume:
        return None
    path = stored_path(ctx, project, name)
    if ctx.save_modules and not os.path.exists(os.path.join(
            ctx.save_modules, "%s.%s.bc" % (name, TARGET.name))):
        # A stored result has no module to show: measure again.
        return None
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def store_result(ctx, project, res):
    """Keep a program's result for a later run (Context.resume); not one
    with a failure, which the next run measures again."""
    if not ctx.resume:
        return
    for v in res["variants"].values():
        checks = v.get("checks") or {}
        if v.get("errors") or checks.get("failures"):
            return
    os.makedirs(ctx.resume, exist_ok=True)
    path = stored_path(ctx, project, res["name"])
    with open(path + ".tmp", "w") as f:
        json.dump(res, f)
    os.replace(path + ".tmp", path)


def bench_project(ctx, project, only_programs=None):
    """Measure every program of the project in every variant.

    A program measured to the end by an earlier run with the same settings
    (Context.resume) is not measured again: its stored result is used, so
    that a run stopped half-way goes on where it stopped. Returns a list
    of program result dicts (see report.py), in the recipe's order."""
    names = [n for n in project.program_names
             if not only_programs or n in only_programs]
    stored = {}
    for n in names:
        got = stored_result(ctx, project, n)
        if got is not None:
            stored[n] = got
            if ctx.save_modules:
                # stored_result found the module; the run reports it.
                ctx.saved_modules.append(os.path.join(
                    ctx.save_modules, "%s.%s.bc" % (n, TARGET.name)))
            log("[%s] measured by an earlier run with the same settings: "
                "%s" % (n, stored_path(ctx, project, n)))
    if len(stored) == len(names):
        return [stored[n] for n in names]
    src = fetch(ctx, project)
    units = project.units(src)
    programs = project.programs(src, ctx)
    programs = [p for p in programs if p.name in names
                and p.name not in stored]
    if not programs:
        return [stored[n] for n in names if n in stored]
    unit_by_name = {u.name: u for u in units}
    needed = units_of(project, [b for p in programs for b in p.binaries])
    units = [unit_by_name[n] for n in sorted(needed)]
    # The object sets the variants link (Variant.objset): one per
    # toolchain, and clang's ThinLTO objects, "clang-thin". The profile
    # variants' objects are each program's own (profile_objects below).
    objsets = {}
    for v in ctx.variants:
        if v.profile:
            objsets.setdefault(v.toolchain, (v.toolchain, "full"))
        else:
            objsets.setdefault(v.objset, (v.toolchain, v.lto))
    objs, build_errors = {}, {}
    for objset in sorted(objsets):
        tc, lto = objsets[objset]
        if tc not in project.toolchains:
            continue
        try:
            objs[objset] = compile_all(ctx, project, src, units, tc,
                                       objset=objset, lto=lto)
            # Only the archives of the programs measured now: a program
            # an earlier run measured has its units left uncompiled.
            make_archives(ctx, project, objs[objset], objset,
                          archives_of(b for p in programs
                                      for b in p.binaries))
        except (BenchError, subprocess.CalledProcessError) as e:
            # The variants of these objects fail, visibly; the others run.
            log("[%s] build of %s FAILED: %s" % (
                project.name, objset, str(e).splitlines()[0][:300]))
            objs.pop(objset, None)
            build_errors[objset] = str(e)
    project.build_errors = build_errors

    results = []
    pgo = [v.key for v in ctx.variants if v.profile]
    for prog in programs:
        pobjs, errors, profile = objs, {}, None
        if pgo and not prog.workload:
            log("[%s] no workload: %s skipped (they need one to profile)" %
                (prog.name, ", ".join(pgo)))
        elif pgo and TARGET.native and "clang" in objs:
            # The profile variants link objects of the program's own.
            try:
                got, profile = profile_objects(ctx, project, src, prog,
                                               unit_by_name)
                pobjs = dict(objs, **{"clang-pgo": got})
            except (BenchError, OSError, subprocess.SubprocessError) as e:
                log("[%s] profile build FAILED: %s" % (
                    prog.name, str(e).splitlines()[0][:300]))
                errors["clang-pgo"] = str(e)
        res = bench_program(ctx, project, prog, pobjs, unit_by_name, errors,
                            profile)
        store_result(ctx, project, res)
        results.append(res)
    fresh = {r["name"]: r for r in results}
    return [stored.get(n) or fresh[n] for n in names
            if n in stored or n in fresh]


def bindir(ctx, project, variant):
    d = ctx.path("bin", project.name, variant.key)
    os.makedirs(d, exist_ok=True)
    return d


def bench_program(ctx, project, prog, objs, unit_by_name, build_errors=None,
                  profile=None):
    """objs: toolchain (Variant.objset) -> objects; build_errors: objset ->
    why its objects are missing (beside the project's); profile: what
    profile_objects says of the profile the "-pgo" objects were built
    with."""
    P = "[%s]" % prog.name
    res = {"name": prog.name, "project": project.name,
           "package": "%s@%s" % (project.package, project.version),
           "describe": prog.describe, "workload": prog.workload_text,
           "binaries": [b.name for b in prog.binaries], "timed": prog.timed,
           "text_kind": prog.text, "variants": {}}
    if profile:
        res["profile"] = profile
    V = {}
    for v in ctx.variants:
        V[v.key] = {"text": None, "text_by_binary": {}, "link_s": [],
                    "link_kib": [], "link_stages": None,
                    "link_other_s": {}, "errors": [], "checks": None,
                    "instructions": None, "run_s": []}
    usable = [v for v in ctx.variants if v.objset in objs]
    errors = dict(getattr(project, "build_errors", {}), **(build_errors or {}))
    for v in ctx.variants:
        if v.objset in objs:
            continue
        if v.profile and not prog.workload:
            # Not a failure: nothing to profile.
            V[v.key]["skipped"] = "no workload to profile"
            continue
        why = errors.get(v.objset) or errors.get(v.toolchain, "")
        V[v.key]["errors"].append("build failed (%s): %s" % (v.objset, why))
        V[v.key]["checks"] = {"passed": 0, "total": None,
                              "failures": ["build failed"]}

    def cxx_of(b):
        return is_cxx(b, unit_by_name)

    binpath = {v.key: {b.name: os.path.join(bindir(ctx, project, v), b.name)
                       for b in prog.binaries} for v in usable}
    timed = [b for b in prog.binaries if b.name == prog.timed][0]
    others = [b for b in prog.binaries if b is not timed]

    # The main binary's link, as a command to time elsewhere
    # (bench/link-time pairs them with farm-bench): the driver's argv and
    # the options coalesce reads from COALESCE_OPTIONS.
    for v in usable:
        cmd, env = link_cmd(ctx, v, timed, objs[v.objset],
                            binpath[v.key][timed.name], cxx_of(timed))
        V[v.key]["link_cmd"] = {"argv": cmd, "coalesce_options": (
            env or {}).get("COALESCE_OPTIONS")}
    # Timed links of the main binary: rounds over the variants, one link at
    # a time, so that every variant sees the same machine state.
    for rep in range(ctx.link_reps):
        for v in usable:
            out = binpath[v.key][timed.name]
            secs, err, peak = link_one(ctx, v, timed, objs[v.objset], out,
                                       cxx_of(timed))
            if err:
                if rep == 0:
                    V[v.key]["errors"].append(err)
                    log("%s link %s FAILED (%.1f s)" % (P, v.key, secs))
                continue
            V[v.key]["link_s"].append(secs)
            V[v.key]["link_kib"].append(peak)
            log("%s link %s %s, round %d/%d: %.2f s" % (
                P, timed.name, v.key, rep + 1, ctx.link_reps, secs))
    # What coalesce's stages take of one more link (ld.lld's time trace).
    if ctx.link_reps:
        for v in usable:
            if V[v.key]["link_s"]:
                V[v.key]["link_stages"] = traced_stages(
                    ctx, v, timed, objs[v.objset], binpath[v.key][timed.name],
                    cxx_of(timed))
    # The other binaries: once per variant, in parallel.
    if others:
        log("%s link %d more binaries x %d variants (%d jobs)" % (
            P, len(others), len(usable), ctx.jobs))
        t0 = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(ctx.jobs) as ex:
            futs = {}
            for v in usable:
                for b in others:
                    futs[ex.submit(link_one, ctx, v, b, objs[v.objset],
                                   binpath[v.key][b.name], cxx_of(b))] = (v, b)
            for n, f in enumerate(concurrent.futures.as_completed(futs), 1):
                v, b = futs[f]
                secs, err, _ = f.result()
                V[v.key]["link_other_s"][b.name] = secs
                if err:
                    V[v.key]["errors"].append(err)
                    log("%s link %s %s FAILED" % (P, b.name, v.key))
                if n % 10 == 0 or n == len(futs):
                    log("%s   %d/%d links (%.0f s)" % (
                        P, n, len(futs), time.monotonic() - t0))

    # The timed binary stands for the program (a test suite's main test),
    # as it does for link time: the baseline's module, and with the profile
    # variants the module built with the workload's profile.
    for key, objset, kind, what in (
            ("baseline", "clang", "", "baseline, before code generation"),
            ("baseline-pgo", "clang-pgo", ".pgo", "with the profile")):
        if not ctx.save_modules or key not in binpath:
            continue
        try:
            dest = save_module(ctx, prog, timed, objs[objset],
                               cxx_of(timed), kind)
            ctx.saved_modules.append(dest)
            log("%s merged module of %s (%s): %s" % (P, timed.name, what,
                                                     dest))
        except (BenchError, subprocess.SubprocessError) as e:
            # The measurements go on; bench/run reports the missing module.
            log("%s --save-modules (%s) FAILED: %s" % (P, key, str(e)[:2000]))

    # Sizes and coalesce's own report.
    for v in usable:
        r = V[v.key]
        total, complete = 0, True
        for b in prog.binaries:
            path = binpath[v.key][b.name]
            if os.path.exists(path):
                n = text_bytes(path)
                r["text_by_binary"][b.name] = n
                total += n
            else:
                complete = False
        if prog.text == "main":
            r["text"] = r["text_by_binary"].get(timed.name)
        elif complete:
            r["text"] = total
        if v.scan:
            r["scan_plan"] = scan_plan_totals(
                [binpath[v.key][b.name] for b in prog.binaries
                 if prog.text != "main" or b is timed])
        if v.coalesce and timed.name in r["text_by_binary"]:
            # The report is the proof that coalesce ran in this link: a
            # host that silently skipped the plugin would measure nothing.
            rep = report_path(binpath[v.key][timed.name])
            if os.path.exists(rep):
                with open(rep) as f:
                    j = json.load(f)
                r["coalesce_report"] = {
                    "functions": j.get("functions"),
                    "merges_by_kind": j.get("merges_by_kind"),
                    "bytes_saved": j.get("bytes_saved"),
                    # Twins that call each other (merged through their
                    # callees' classes) and similar pairs (a selector).
                    "by_call_classes": sum(
                        1 for m in j.get("merges") or []
                        if m.get("by_call_classes")),
                    "with_selector": sum(
                        1 for m in j.get("merges") or []
                        if m.get("selector")),
                    "symbols": merged_function_bytes(
                        binpath[v.key][timed.name], j)}
            else:
                r["errors"].append("coalesce did not run: no report at " +
                                   rep)
                log("%s %s: coalesce wrote no report" % (P, v.key))
    if "baseline" in V and V["baseline"]["text"]:
        log("%s .text: %s" % (P, ", ".join(
            "%s %s" % (k, V[k]["text"]) for k in V)))

    # What each variant's binaries are, byte for byte: a check or a count
    # of instructions an earlier run made of the same binaries holds.
    digest = {v.key: binaries_digest(
        [binpath[v.key][b.name] for b in prog.binaries]) for v in usable}

    # Checks: the baseline first, whose results the others must reproduce.
    base_results = None
    order = sorted(usable, key=lambda v: v.key != "baseline")
    checked = known_measures(ctx, project, prog, "checks")
    passed = {}
    for v in order:
        r = V[v.key]
        if any("link failed" in e for e in r["errors"]):
            r["checks"] = {"passed": 0, "total": None,
                           "failures": ["link failed"]}
            continue
        t0 = time.monotonic()
        # Through JSON, as a kept result reads: tuples become lists.
        before = checked.get(digest[v.key]) if digest[v.key] else None
        got = before if before is not None else json.loads(json.dumps(
            prog.check(ctx, v, binpath[v.key]), default=json_bytes))
        failures, notes = [], []
        for name, val in sorted(got.items()):
            ok, result = val[0], val[1]
            if len(val) > 2 and val[2]:
                notes.append("%s: %s" % (name, val[2]))
            if not ok:
                failures.append(name)
            elif prog.compare and v.key != "baseline":
                if base_results is None or name not in base_results:
                    failures.append(name + " (no baseline result)")
                elif base_results[name][1] != result:
                    failures.append(name + " (differs from baseline)")
        if v.key == "baseline":
            base_results = got
        r["checks"] = {"passed": len(got) - len(failures), "total": len(got),
                       "failures": failures, "notes": notes}
        if not failures and digest[v.key]:
            passed[digest[v.key]] = got
        log("%s %s %s: %d/%d passed%s%s (%.0f s)" % (
            P, "checked before" if before is not None else "checks", v.key,
            r["checks"]["passed"], len(got),
            (": FAILED " + ", ".join(failures[:5])) if failures else "",
            ("; " + "; ".join(notes)) if notes else "",
            time.monotonic() - t0))
    keep_measures(ctx, project, prog, "checks", passed)

    # Runtime: instructions (callgrind, one run: repeatable), then wall
    # time in rounds alternating the variants. Not under an emulator:
    # callgrind cannot run there, and wall time would time qemu.
    if prog.workload and TARGET.native and ctx.runtime:
        runnable = [v for v in usable
                    if not any("link failed" in e for e in V[v.key]["errors"])]
        work = {}
        for v in runnable:
            wd = ctx.path("work", prog.name, v.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            work[v.key] = wd
        # Callgrind counts the same with other work beside it: the
        # variants run in parallel (each in its own work directory), and a
        # variant whose binaries an earlier run counted is not run again.
        known = known_measures(ctx, project, prog, "instructions")

        def count(v):
            t0 = time.monotonic()
            if digest[v.key] in known:
                n, how = known[digest[v.key]], "counted before"
            else:
                argv, stdin = prog.workload(binpath[v.key], work[v.key])
                n, how = callgrind(argv, stdin, work[v.key]), "callgrind"
            log("%s %s %s: %s instructions (%.0f s)" % (
                P, how, v.key, n, time.monotonic() - t0))
            return n

        with concurrent.futures.ThreadPoolExecutor(ctx.jobs) as ex:
            for v, n in zip(runnable, ex.map(count, runnable)):
                V[v.key]["instructions"] = n
        keep_measures(ctx, project, prog, "instructions", {
            digest[v.key]: V[v.key]["instructions"] for v in runnable
            if digest[v.key] and V[v.key]["instructions"] is not None})
        for rep in range(ctx.run_reps):
            for v in runnable:
                argv, stdin = prog.workload(binpath[v.key], work[v.key])
                V[v.key]["run_s"].append(wall(argv, stdin, work[v.key]))
            log("%s run round %d/%d: %s" % (
                P, rep + 1, ctx.run_reps, ", ".join(
                    "%s %.3f s" % (v.key, V[v.key]["run_s"][-1] or -1)
                    for v in runnable)))
        for wd in work.values():
            shutil.rmtree(wd, ignore_errors=True)
    res["variants"] = V
    return res
