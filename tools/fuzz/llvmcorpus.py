"""LLVM's own regression inputs for the passes coalesce competes with, as
cases for the llvm-tests mode (llvmtests.py). Not a mode itself.

The inputs come from the upstream tarball of Debian's llvm-toolchain-22
source package at the version coalesce builds against (22.1.8), pinned by
its sha256 (the one in bookworm-security's Sources index). The archive
keeps that tarball in its main pool (the security pool no longer has it,
so `apt-get source` fails there); it is downloaded over HTTP from the
Debian archive apt is configured with and checked against the pin. It is
kept in the benchmark cache (COALESCE_BENCH_CACHE, ~/.cache/coalesce-bench)
beside the corpus, never in the repository:

    CACHE/llvm-tests/llvm-toolchain-22_22.1.8.orig.tar.xz
    CACHE/llvm-tests/22.1.8/llvm/test/...   the selected inputs
    CACHE/llvm-tests/22.1.8/cases.json      the case list

A newer copy (e.g. upstream's main branch, with tests added since) can be
given instead as a directory holding llvm/test/...: COALESCE_LLVM_TESTS=DIR.
Its cases are numbered the same way, so its seeds are its own: the
gauntlet records under the mode name llvm-tests@NAME (NAME: the directory's
base name) rather than llvm-tests.

Which inputs: every .ll file of llvm/test/Transforms/MergeFunc and
llvm/test/Transforms/IROutliner, and every other .ll file under llvm/test
whose RUN lines run one of LLVM's merging or outlining passes (mergefunc,
-enable-merge-functions, the IR outliner, the global merge function pass,
the machine outliner), apart from llvm/test/tools (inputs of scripts).
A file that split-file cuts into parts gives one case per .ll part. Cases
are sorted by path and part, so that a seed names the same case whenever
the tarball is the same.
"""
import fcntl
import hashlib
import json
import os
import re
import subprocess
import tarfile
import tempfile
import urllib.request

VERSION = "22.1.8"
TARBALL = "llvm-toolchain-22_22.1.8.orig.tar.xz"
SHA256 = "b49b9277aef97616320b2da259e1f8174c65b0ce2fbe2e8629644a97693402fe"
POOL = "pool/main/l/llvm-toolchain-22/"
TOP = "llvm-toolchain-22_22.1.8/"

WHOLE_DIRS = ("llvm/test/Transforms/MergeFunc/", "llvm/test/Transforms/IROutliner/")
PASSES = re.compile(r"RUN:.*(global-merge-func|enable-merge-functions|mergefunc|"
                    r"merge-functions|iroutliner|machine-outliner)")
SPLIT = re.compile(r"RUN:.*split-file\s+%s")


def cache_root():
    return os.environ.get("COALESCE_BENCH_CACHE",
                          os.path.expanduser("~/.cache/coalesce-bench"))


def debian_archive():
    """The Debian archive apt is configured with (not its security
    archive), from /etc/apt; deb.debian.org if none is found."""
    uris = []
    for d, names in (("/etc/apt", ["sources.list"]),
                     ("/etc/apt/sources.list.d", None)):
        if not os.path.isdir(d):
            continue
        for n in names or sorted(os.listdir(d)):
            p = os.path.join(d, n)
            if not (n.endswith(".list") or n.endswith(".sources")) or not os.path.isfile(p):
                continue
            with open(p, errors="replace") as f:
                for line in f:
                    words = line.split("#", 1)[0].split()
                    if words[:1] == ["URIs:"]:
                        uris += words[1:]
                    elif words[:1] == ["deb"]:
                        uris += [w for w in words[1:] if "://" in w][:1]
    for u in uris:
        if u.rstrip("/").endswith("/debian"):
            return u.rstrip("/") + "/"
    return "http://deb.debian.org/debian/"


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def selected(rel, text):
    """Whether llvm/test/... file REL (its TEXT) is an input of the mode."""
    if not rel.endswith(".ll") or rel.startswith("llvm/test/tools/"):
        return False
    return rel.startswith(WHOLE_DIRS) or bool(PASSES.search(text))


def _download(dest):
    url = debian_archive() + POOL + TARBALL
    tmp = dest + ".part"
    with urllib.request.urlopen(url, timeout=600) as r, open(tmp, "wb") as out:
        while True:
            block = r.read(1 << 20)
            if not block:
                break
            out.write(block)
    got = sha256_file(tmp)
    if got != SHA256:
        os.unlink(tmp)
        raise RuntimeError("%s: sha256 %s, expected %s (pinned)" % (url, got, SHA256))
    os.replace(tmp, dest)


def _extract(tarball, root):
    """Writes the selected inputs of TARBALL under ROOT (streamed: the
    tarball unpacks to 1.2 GB of tests, of which a few hundred files are
    kept)."""
    with tarfile.open(tarball, "r|xz") as tf:
        for m in tf:
            if not m.isfile() or not m.name.startswith(TOP + "llvm/test/"):
                continue
            rel = m.name[len(TOP):]
            if not rel.endswith(".ll"):
                continue
            data = tf.extractfile(m).read()
            if not selected(rel, data.decode("utf-8", errors="replace")):
                continue
            path = os.path.join(root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)


def split_parts(env, path):
    """The .ll parts split-file cuts PATH into (sorted names), or None if
    its RUN lines do not split it."""
    with open(path, errors="replace") as f:
        text = f.read()
    if not SPLIT.search(text):
        return None
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([env.tool("split-file"), path, d],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode:
            return []
        return sorted(n for n in os.listdir(d) if n.endswith(".ll"))


def list_cases(env, root):
    cases = []
    for d, _, names in os.walk(os.path.join(root, "llvm", "test")):
        for n in names:
            p = os.path.join(d, n)
            rel = os.path.relpath(p, root)
            if not n.endswith(".ll"):
                continue
            parts = split_parts(env, p)
            if parts is None:
                cases.append([rel, None])
            else:
                cases += [[rel, part] for part in parts]
    return sorted(cases, key=lambda c: (c[0], c[1] or ""))


class Corpus:
    """The cases of one copy of LLVM's tests: name (what the gauntlet
    records them under), root (the directory holding llvm/test) and cases
    ([relative path, split-file part or None], in seed order)."""

    def __init__(self, name, root, cases):
        self.name, self.root, self.cases = name, root, cases

    def source(self, case):
        return os.path.join(self.root, case[0])


def corpus(env):
    """The corpus of this run: COALESCE_LLVM_TESTS's copy if set, else the
    pinned tarball's, downloaded and unpacked once (under a lock: the
    gauntlet's worker processes all ask at once)."""
    own = os.environ.get("COALESCE_LLVM_TESTS")
    if own:
        root = os.path.abspath(own)
        name = "llvm-tests@" + os.path.basename(root.rstrip("/"))
        base = os.path.join(cache_root(), "llvm-tests", "own-" + hashlib.sha256(
            root.encode()).hexdigest()[:12])
    else:
        base = os.path.join(cache_root(), "llvm-tests", VERSION)
        root = base
        name = "llvm-tests"
    os.makedirs(base, exist_ok=True)
    index = os.path.join(base, "cases.json")
    with open(os.path.join(base, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not os.path.exists(index):
            if not own:
                tarball = os.path.join(cache_root(), "llvm-tests", TARBALL)
                if not os.path.exists(tarball) or sha256_file(tarball) != SHA256:
                    _download(tarball)
                _extract(tarball, root)
            with open(index + ".tmp", "w") as f:
                json.dump(list_cases(env, root), f, indent=0)
            os.replace(index + ".tmp", index)
    with open(index) as f:
        return Corpus(name, root, json.load(f))
