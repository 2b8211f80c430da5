"""What the recipes share: where our own corpus files are, and the checks
that run a program's scripts or a project's test programs."""

import os

from harness import Unit, log, run_capture

BENCH = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
CORPUS = os.path.join(BENCH, "corpus")


def _digest(data):
    import hashlib
    return hashlib.sha256(data).hexdigest()


def file_digest(path):
    with open(path, "rb") as f:
        return _digest(f.read())


def round_trip(run, wd, out, name, src_path, ext, steps, keep=False):
    """One check of a compressor: run each step in turn (its argv, with
    {src}, {packed} and {out} filled in: compress SRC_PATH to NAME.EXT,
    maybe test it, decompress it to NAME.out); ok when every step exits 0
    and what comes out is the input. The baseline comparison takes each
    step's exit code and the compressed bytes. Returns the compressed
    file's path, kept only with keep."""
    packed = os.path.join(wd, name + ext)
    unpacked = os.path.join(wd, name + ".out")
    fill = {"{src}": src_path, "{packed}": packed, "{out}": unpacked}
    rcs = tuple(run([fill.get(a, a) for a in argv])[0] for argv in steps)
    ok = all(rc == 0 for rc in rcs) and os.path.exists(unpacked) and \
        file_digest(unpacked) == file_digest(src_path)
    size = os.path.getsize(packed) if os.path.exists(packed) else None
    out[name] = (ok, rcs + (size, file_digest(packed) if size else None))
    if not keep:
        for f in (packed, unpacked):
            if os.path.exists(f):
                os.remove(f)
    return packed


def script_checks(binpath, exe, scripts, argv_of, cwd=None, timeout=600):
    """Run each script; ok when it exits 0; result is what it printed."""
    out = {}
    for name, stdin in scripts:
        rc, text = run_capture([binpath[exe]] + argv_of(name), stdin,
                               cwd=cwd, timeout=timeout)
        out[name] = (rc == 0, (rc, _digest(text)))
    return out


def test_checks(ctx, binpath, tests, cwd_root, timeout=900, jobs=None,
                args=None, retries=2):
    """Run each test program; ok when it exits 0.

    A test that fails is run again, up to `retries` times: some of the
    projects' own tests depend on timing (leveldb's db_test on background
    compaction). One that passes on a retry counts as passed, with a note
    that the report prints; one that never passes is a failure."""
    import concurrent.futures
    import shutil
    out = {}

    def one(t):
        fails = []
        for attempt in range(1 + retries):
            wd = os.path.join(cwd_root, t)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            env = dict(os.environ, TEST_TMPDIR=wd, TMPDIR=wd)
            rc, text = run_capture([binpath[t]] + (args or {}).get(t, []),
                                   cwd=wd, timeout=timeout, env=env)
            shutil.rmtree(wd, ignore_errors=True)
            if rc == 0:
                break
            tail = text.decode(errors="replace").strip().splitlines()[-3:]
            fails.append("exit %s" % rc)
            log("    %s: exit %s (attempt %d): %s" % (
                t, rc, attempt + 1, " / ".join(line[:160] for line in tail)))
        note = None
        if rc == 0 and fails:
            note = "passed on attempt %d" % (len(fails) + 1)
        return t, rc == 0, note

    with concurrent.futures.ThreadPoolExecutor(jobs or ctx.jobs) as ex:
        for t, ok, note in ex.map(one, tests):
            out[t] = (ok, None, note)
    return out


GTEST = ["-lgtest_main", "-lgtest", "-lpthread"]
GMOCK = ["-lgmock_main", "-lgmock", "-lgtest", "-lpthread"]


def own_unit(path, flags, name):
    """A unit of our own code in bench/corpus. Objects are cached by their
    compile command, which names the file but not what it holds: the
    command carries the file's sha256, so an edit compiles it again."""
    with open(path, "rb") as f:
        digest = _digest(f.read())[:16]
    return Unit(path, list(flags) + ["-DBENCH_SOURCE_SHA256=" + digest],
                name=name)


def xorshift32(seed=2463534242):
    """Marsaglia's xorshift32 from seed: a function that gives the next
    number each call, the same sequence on every run (generated inputs)."""
    x = seed

    def rnd():
        nonlocal x
        x ^= (x << 13) & 0xffffffff
        x ^= x >> 17
        x ^= (x << 5) & 0xffffffff
        return x
    return rnd
