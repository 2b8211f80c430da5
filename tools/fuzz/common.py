"""What every mode of the gauntlet shares: the tools, running one command
with a time and a memory limit and telling a crash from an error, and the
tally a mode fills in.

A mode is a module in this directory with

    NAME = "stress"                 # what --modes names it by
    QUICK = range(0, 300)           # the seeds quick mode runs
    def run(env, seeds, tally): ... # one case per seed; record each in tally
    def universe(env): ...         # optional: how many seeds there are, for
                                    # a mode of finitely many cases

A case's seed alone decides what the case is, so that a seed range run
once is covered for good (long mode sums ranges across runs).
"""
import os
import resource
import shutil
import signal
import stat
import subprocess
import tempfile
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM_BIN = "/usr/lib/llvm-22/bin"

# The address space every command the gauntlet runs may map (RLIMIT_AS):
# 8 GiB (every mode's seeds 0-7 pass under 1 GiB). Broken bitcode can make
# LLVM's reader ask for 32 GiB (an attribute index one bit off); glibc
# refuses that at once, but mold's mimalloc grants it and zeroes it, and
# ld.mold grew to 24 GiB until the kernel's OOM killer took it, or another
# process of the machine. Under the limit the allocation fails in the one
# command (an LLVM "out of memory" abort: Result.out_of_memory). An
# AddressSanitizer build reserves terabytes: COALESCE_FUZZ_MEMORY_GB=0 (no
# limit) or another number of GiB overrides it.
MEMORY_LIMIT = int(float(os.environ.get("COALESCE_FUZZ_MEMORY_GB", "8")) * (1 << 30))


class Env:
    """Paths to everything a mode runs, and a scratch directory per case."""

    def __init__(self, build, keep_dir, jobs=1, timeout=120):
        self.build = os.path.abspath(build)
        self.plugin = os.path.join(self.build, "lib", "coalesce.so")
        self.backend = os.path.join(self.build, "bin", "coalesce-backend")
        self.keep_dir = os.path.abspath(keep_dir)   # failing cases go here
        self.jobs = jobs
        self.timeout = timeout                      # seconds per command
        self.llvm_bin = LLVM_BIN

    def tool(self, name):
        """An LLVM tool (clang, opt, ld.lld, llvm-stress, lli...)."""
        return os.path.join(self.llvm_bin, name)

    def scratch(self):
        """A fresh directory for one case; the caller removes it."""
        return tempfile.mkdtemp(prefix="coalesce-fuzz-")

    def keep(self, mode, seed, files, note):
        """Keeps a failing case: FILES (paths) and NOTE (text) under
        keep_dir/MODE-SEED/; returns that directory."""
        d = os.path.join(self.keep_dir, "%s-%d" % (mode, seed))
        os.makedirs(d, exist_ok=True)
        for f in files:
            if os.path.isdir(f):
                shutil.copytree(f, os.path.join(d, os.path.basename(f)), dirs_exist_ok=True)
            elif os.path.exists(f):
                shutil.copy(f, d)
        with open(os.path.join(d, "NOTE"), "w") as out:
            out.write(note.rstrip() + "\n")
        return d


@dataclass
class Result:
    rc: int
    out: str
    err: str
    timed_out: bool

    @property
    def crashed(self):
        """Killed by a signal, or a host's own crash report (LLVM prints a
        stack dump and exits 1 from some tools; a sanitizer exits 1 too)."""
        if self.timed_out:
            return False
        if self.rc < 0 or self.rc >= 128:
            return True
        return any(s in self.err for s in (
            "PLEASE submit a bug report", "Stack dump:", "LLVM ERROR:",
            "ERROR: AddressSanitizer", "runtime error:", "Assertion `"))

    @property
    def out_of_memory(self):
        """An allocation refused (under MEMORY_LIMIT, or by the kernel):
        LLVM's "out of memory" abort, an uncaught std::bad_alloc, or a
        host's own report of it."""
        return any(s in self.err for s in (
            "LLVM ERROR: out of memory", "std::bad_alloc", "Cannot allocate memory",
            "mimalloc: error: unable to allocate", "memory exhausted"))


def limit_memory():
    """Runs in the child between fork and exec (Popen's preexec_fn): caps
    its address space, and so that of every process it starts. It only
    calls setrlimit, of a module imported before any thread starts: no
    lock another thread of the gauntlet could hold at the fork."""
    if MEMORY_LIMIT > 0:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def null_device_intact():
    """Whether /dev/null is still the null device. A command run as root
    that removes or renames over its output can take it away (the gauntlet
    feeds every tool broken input); every later command then fails to
    start. The gauntlet checks it around every chunk, so that the loss is
    charged to the mode and seeds that caused it."""
    try:
        return stat.S_ISCHR(os.lstat(os.devnull).st_mode)
    except OSError:
        return False


def run(cmd, timeout, cwd=None, env=None, stdin=None):
    """Runs CMD (a list) under MEMORY_LIMIT; never raises for a failing
    command. A command past TIMEOUT seconds is killed with its whole process
    group."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
                         preexec_fn=limit_memory)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
        return Result(p.returncode, out.decode(errors="replace"), err.decode(errors="replace"), False)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return Result(-9, out.decode(errors="replace"), err.decode(errors="replace"), True)


@dataclass
class Tally:
    """What one mode saw over its seeds. Outcome names are the mode's own
    (passed, skipped-ub, mismatch, crash, verifier, hang, ...); failures
    lists the kept cases."""
    mode: str
    counts: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)

    def add(self, outcome, n=1):
        self.counts[outcome] = self.counts.get(outcome, 0) + n

    def fail(self, seed, kind, kept_dir, detail=""):
        self.add(kind)
        self.failures.append({"seed": seed, "kind": kind, "kept": kept_dir,
                              "detail": detail[:400]})
