"""What the stress, broken and determinism modes share beyond common.py:
the four linkers coalesce runs in and the command that links with each
(with coalesce, or without it to tell a host's own fault from coalesce's),
small programs built once into a cache (BUILD/fuzz-cache), one scratch
case with its own cwd and TMPDIR whose leftovers can be listed, running a
mode's cases, and a command line to run one mode alone, its seeds on -j
threads:

    python3 tools/fuzz/stress.py --build build --seeds 0-99 -j 2

(seed ranges are inclusive, as tools/fuzz/gauntlet takes them).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import threading
import time

import common

HOSTS = ("lld", "gold", "bfd", "mold")


def crashed(r):
    """A crash, also when the clang driver reports its linker's signal
    with exit code 1."""
    return r.crashed or "due to signal" in r.err or "Segmentation fault" in r.err


# ---------------------------------------------------------------- linking

def link_cmd(env, host, inputs, out, coalesce=True, opts=(), extra=()):
    """The clang++ command linking INPUTS into OUT with HOST, and the
    environment additions it needs. coalesce=False links the same full-LTO
    way without coalesce (ld.lld's own LTO; LLVMgold.so for the GNU
    linkers). OPTS are coalesce options without their dash
    ("coalesce-report=r.json"): COALESCE_OPTIONS for ld.lld, -plugin-opt=
    for the GNU plugin."""
    cmd = [env.tool("clang++")]
    envadd = {}
    if host == "lld":
        cmd += ["-flto", "-fuse-ld=lld"]
        if coalesce:
            cmd.append("-Wl,--load-pass-plugin=" + env.plugin)
            if opts:
                envadd["COALESCE_OPTIONS"] = " ".join("-" + o for o in opts)
    elif coalesce:
        cmd += ["-fno-lto", "-fuse-ld=" + host, "-Wl,-plugin," + env.plugin]
        cmd += ["-Wl,-plugin-opt=" + o for o in opts]
    else:
        cmd += ["-flto", "-fuse-ld=" + host]
    return cmd + list(inputs) + list(extra) + ["-o", out], envadd


def run_in(case, cmd, envadd=None, timeout=120):
    """Runs CMD in CASE's cwd with TMPDIR inside the case."""
    e = dict(os.environ, TMPDIR=case.tmp)
    e.pop("COALESCE_OPTIONS", None)
    e.update(envadd or {})
    return common.run(cmd, timeout, cwd=case.cwd, env=e)


class Case:
    """A scratch directory for one case: cwd/ (where the command runs and
    its inputs are) and tmp/ (its TMPDIR). leftovers() lists what appeared
    in either beyond the files named as expected."""

    def __init__(self, env):
        self.root = env.scratch()
        self.cwd = os.path.join(self.root, "cwd")
        self.tmp = os.path.join(self.root, "tmp")
        os.makedirs(self.cwd)
        os.makedirs(self.tmp)
        self._before = None

    def path(self, name):
        return os.path.join(self.cwd, name)

    def snapshot(self):
        """Takes what is in cwd now as the case's inputs."""
        self._before = listing(self.cwd)

    def inputs(self):
        return sorted(self._before or ())

    def leftovers(self, expected=()):
        new = listing(self.cwd) - (self._before or set()) - set(expected)
        return sorted(new) + sorted("TMPDIR/" + p for p in listing(self.tmp))

    def reset(self):
        """Removes every file but the inputs (between two links)."""
        for p in listing(self.cwd) - (self._before or set()):
            if os.path.isfile(self.path(p)):
                os.remove(self.path(p))
        shutil.rmtree(self.tmp, ignore_errors=True)
        os.makedirs(self.tmp)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        shutil.rmtree(self.root, ignore_errors=True)


def listing(d):
    """Every file and directory under D, relative to D."""
    out = set()
    for base, dirs, files in os.walk(d):
        for n in dirs + files:
            out.add(os.path.relpath(os.path.join(base, n), d))
    return out


# ---------------------------------------------------------------- programs

class Program:
    """A small test program: full-LTO sources, native sources and a shared
    library source (both optional), and the directory they are in."""

    def __init__(self, name, srcdir, lto, native=(), dso=None, flags=("-O2",)):
        self.name, self.srcdir = name, srcdir
        self.lto, self.native, self.dso = list(lto), list(native), dso
        self.flags = list(flags)


_CACHE = {}                 # this process's memo: built objects, once()'s values
_LOCK = threading.RLock()


def cache_dir(env):
    """BUILD/fuzz-cache: objects built once and reused by every process
    and run, each under a key that hashes its sources and flags."""
    d = os.path.join(env.build, "fuzz-cache")
    os.makedirs(d, exist_ok=True)
    return d


def build(env, prog, extra_flags=(), tag=""):
    """Compiles PROG once (per EXTRA_FLAGS); returns the objects and link
    arguments: [lto .o..., native .o..., lib.so, -Wl,-rpath,dir]."""
    with _LOCK:
        key = (prog.name, prog.srcdir, tuple(extra_flags), tag)
        if key not in _CACHE:
            _CACHE[key] = _build(env, prog, list(extra_flags), tag)
        return list(_CACHE[key])


def _build(env, prog, extra_flags, tag):
    """Builds into a new directory renamed into place, so that processes
    building the same program at once do not see each other's halves."""
    d = os.path.join(cache_dir(env), "%s%s-%s" % (prog.name, tag, fingerprint(prog, extra_flags)))
    units = [(s, True) for s in prog.lto] + [(s, False) for s in prog.native]
    objs = [os.path.join(d, os.path.splitext(os.path.basename(s))[0] + (".o" if lto else ".native.o"))
            for s, lto in units]
    lib = os.path.join(d, "lib%sdso.so" % re.sub(r"\W", "", prog.name)) if prog.dso else None
    if not os.path.isdir(d):
        part = tempfile.mkdtemp(prefix=".part-", dir=cache_dir(env))
        for (src, lto), obj in zip(units, objs):
            compile_one(env, prog, src, os.path.join(part, os.path.basename(obj)),
                        (["-flto"] if lto else []) + extra_flags)
        if lib:
            compile_one(env, prog, prog.dso, os.path.join(part, os.path.basename(lib)),
                        ["-fPIC", "-shared"] + extra_flags)
        try:
            os.rename(part, d)
        except OSError:     # another process was first
            shutil.rmtree(part, ignore_errors=True)
    return objs + ([lib, "-Wl,-rpath," + d] if lib else [])


def fingerprint(prog, extra_flags):
    """A hash of PROG's flags and of every file its sources may read."""
    h = hashlib.sha1(repr((prog.flags, extra_flags, prog.lto, prog.native, prog.dso)).encode())
    dirs = sorted({os.path.dirname(os.path.join(prog.srcdir, s))
                   for s in prog.lto + prog.native + [prog.dso or ""]})
    for d in dirs:
        for n in sorted(os.listdir(d)):
            if os.path.isfile(os.path.join(d, n)):
                with open(os.path.join(d, n), "rb") as f:
                    h.update(n.encode() + f.read())
    return h.hexdigest()[:12]


def compile_one(env, prog, src, out, flags):
    drv = "clang++" if src.endswith(".cpp") else "clang"
    step = [] if out.endswith(".so") else ["-c"]
    cmd = [env.tool(drv)] + prog.flags + flags + step + [os.path.join(prog.srcdir, src), "-o", out]
    r = common.run(cmd, env.timeout)
    if r.rc != 0:
        raise RuntimeError("cannot build %s: %s\n%s" % (src, " ".join(cmd), r.err))


def once(key, make):
    """MAKE()'s value, computed once per process under KEY."""
    with _LOCK:
        if key not in _CACHE:
            _CACHE[key] = make()
        return _CACHE[key]


# ---------------------------------------------------------------- running a mode

def once(key, make):
    """MAKE()'s value, computed once per run under KEY."""
    with _LOCK:
        if key not in _CACHE:
            _CACHE[key] = make()
        return _CACHE[key]


def run_cases(env, seeds, tally, one):
    """Runs ONE(env, seed) for each seed in turn (the gauntlet's driver
    runs chunks of seeds in parallel) and records in TALLY what each
    returns: an outcome, or (kind, kept_dir, detail) for a failure."""
    for seed in seeds:
        try:
            res = one(env, seed)
        except Exception as e:  # a harness fault: count it, keep going
            res = ("harness-error", "", "%s: %s" % (type(e).__name__, e))
        if isinstance(res, tuple):
            tally.fail(seed, *res)
        else:
            tally.add(res)


def parse_seeds(text):
    """'A-B' (inclusive, as the gauntlet takes it) or 'N'."""
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def run_parallel(module, env, seeds):
    """MODULE's run() over SEEDS, one seed a task on env.jobs threads (the
    work is in subprocesses); one merged tally."""
    tally = common.Tally(module.NAME)
    def task(seed):
        part = common.Tally(module.NAME)
        module.run(env, [seed], part)
        return part
    with concurrent.futures.ThreadPoolExecutor(max(1, env.jobs)) as pool:
        for part in pool.map(task, seeds):
            for k, n in part.counts.items():
                tally.add(k, n)
            tally.failures += part.failures
    return tally


def main(module):
    """The command line of one mode module run alone."""
    ap = argparse.ArgumentParser(description="Run the %s mode of the gauntlet alone." % module.NAME)
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--seeds", help="A-B (inclusive) or N; default: the quick range")
    ap.add_argument("--keep", default=None, help="where failing cases go (default: a new temp dir)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=int, default=120, help="seconds per command")
    a = ap.parse_args()
    keep = a.keep or tempfile.mkdtemp(prefix="coalesce-fuzz-kept-")
    env = common.Env(a.build, keep, jobs=a.jobs, timeout=a.timeout)
    seeds = parse_seeds(a.seeds) if a.seeds else module.QUICK
    t0 = time.time()
    tally = run_parallel(module, env, seeds)
    print(json.dumps({"mode": tally.mode, "seeds": "%d-%d" % (seeds.start, seeds.stop - 1),
                      "seconds": round(time.time() - t0, 1), "counts": tally.counts,
                      "failures": tally.failures, "kept": keep}, indent=2))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit("run a mode instead: python3 tools/fuzz/stress.py --help")
