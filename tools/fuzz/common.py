"""What every mode of the gauntlet shares: the tools, running one command
with a time limit and telling a crash from an error, and the tally a mode
fills in.

A mode is a module in this directory with

    NAME = "stress"                 # what --modes names it by
    QUICK = range(0, 300)           # the seeds quick mode runs
    def run(env, seeds, tally): ... # one case per seed; record each in tally

A case's seed alone decides what the case is, so that a seed range run
once is covered for good (long mode sums ranges across runs).
"""
import os
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLVM_BIN = "/usr/lib/llvm-22/bin"


class Env:
    """Paths to everything a mode runs, and a scratch directory per case."""

    def __init__(self, build, keep_dir, jobs=1, timeout=120):
        self.build = os.path.abspath(build)
        self.plugin = os.path.join(self.build, "lib", "coalesce.so")
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


def run(cmd, timeout, cwd=None, env=None, stdin=None):
    """Runs CMD (a list); never raises for a failing command. A command past
    TIMEOUT seconds is killed with its whole process group."""
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
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
