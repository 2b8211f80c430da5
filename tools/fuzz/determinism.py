"""The determinism mode: the same link gives the same bytes.

A seed picks a program (the link tests' programs and the examples first,
then small generated C programs), a host, -g or not, and a number of
code generation jobs (GNU plugin, -plugin-opt=jobs=). The program is
linked with coalesce writing its JSON report: twice with the same
command, and once more with the linker's own thread count changed where
that leaves the host deterministic (ld.lld --threads=1 / 2, mold
--threads=1 / 2; not gold, whose --threads makes the order it hands
files to the plugin vary, so that LLVMgold.so's links differ too; bfd
has no threads); with the GNU plugin, once more with another jobs=
count, whose report (what coalesce did) must still be the same, though
its binary may differ (jobs= splits code generation). Outcomes: passed,
different (the binaries or reports differ: both kept, with the sections
that differ named), link-failed (with coalesce only), and host-only (the
link fails, or the same links differ, without coalesce too).

Quick mode: every fixed program once with ld.lld and with gold, with -g
and without.

    python3 tools/fuzz/determinism.py --build build --seeds 0-51
"""
import hashlib
import os
import random
import shutil
import struct
import sys
import tempfile

import common
import hosts

NAME = "determinism"

T, E = os.path.join(common.ROOT, "test"), os.path.join(common.ROOT, "examples")
P = hosts.Program
FIXED = [
    P("c-multi", T + "/link/Inputs/c-multi", ["main.c", "b.c", "c.c", "api.c"]),
    P("addr", T + "/link/Inputs/addr", ["main.cpp", "table.cpp"]),
    P("containers", T + "/link/Inputs/containers", ["main.cpp", "numbers.cpp", "records.cpp"], flags=["-Oz"]),
    P("cxx-constants", T + "/link/Inputs/cxx-constants", ["main.cpp", "other.cpp"]),
    P("cxx-templates", T + "/link/Inputs/cxx-templates", ["main.cpp", "other.cpp"]),
    P("outline-c", T + "/link/Inputs/outline", ["sensors.c", "station.c"]),
    P("outline-cxx", T + "/link/Inputs/outline", ["main.cpp", "validate.cpp", "report.cpp"], flags=["-Oz"]),
    P("weak", T + "/link/Inputs/weak", ["weak_a.cpp", "weak_b.cpp"]),
    P("remarks", T + "/link/Inputs", ["remarks/main.c", "remarks/varargs.c", "c-multi/api.c"]),
    P("cprog", T + "/gnu/Inputs/cprog", ["main.c", "stats.c", "text.c"], ["native.c"], "dso.c"),
    P("cxxprog", T + "/gnu/Inputs/cxxprog", ["main.cpp", "shapes.cpp", "parse.cpp"], ["native.cpp"], "dso.cpp"),
    P("inventory", E + "/inventory", ["main.cpp", "parser.cpp", "rules.cpp", "table.cpp"], flags=["-O2", "-std=c++17"]),
    P("telemetry", E + "/telemetry", ["main.cpp", "base.cpp", "channel.cpp", "channels_int.cpp",
                                      "channels_real.cpp", "codec.cpp", "report.cpp"],
      flags=["-Oz", "-ffp-contract=off"]),
]
ORDER = ("lld", "gold", "bfd", "mold")   # quick mode covers the first two
QUICK = range(0, len(FIXED) * 4)


def choose(env, seed):
    """(program, host, -g?, jobs) for SEED: the fixed programs over every
    host (ld.lld and gold first), then generated programs."""
    rng = random.Random(seed)
    n = len(FIXED)
    if seed < n * 8:
        host, rest = divmod(seed, n * 2)
        g, i = divmod(rest, n)
        return FIXED[i], ORDER[host], bool(g), rng.choice([1, 2, 3])
    return generated(env, seed), rng.choice(ORDER), rng.random() < 0.5, rng.choice([1, 2, 3])


# ---------------------------------------------------------------- generated programs

BODIES = [
    "long s = 0; for (int i = 0; i < n; i++) s += a[i] * K1 + K2; return s;",
    "long s = K2; for (int i = 0; i < n; i++) { if (a[i] > K1) s -= a[i]; else s ^= a[i] << 2; } return s;",
    "long s = 1; for (int i = 0; i < n; i++) s = s * K1 % 1000003 + a[i]; return s + K2;",
    "long m = a[0]; for (int i = 1; i < n; i++) if (a[i] * K1 > m) m = a[i] * K1; return m - K2;",
    "long s = 0; for (int i = n - 1; i >= 0; i--) { s += (a[i] & K1) | K2; s = (s << 1) ^ (s >> 3); } return s;",
]


def generated(env, seed):
    """A program of 2-4 files of similar functions (some identical, some
    differing in constants), written once into the cache."""
    rng = random.Random(seed)
    files, names = {}, []
    for f in range(rng.randint(2, 4)):
        lines = []
        for k in range(rng.randint(2, 8)):
            body = rng.choice(BODIES).replace("K1", str(rng.choice([3, 5, 7, 1000]))) \
                                     .replace("K2", str(rng.choice([0, 1, 42])))
            names.append("f%d_%d" % (f, k))
            lines.append("long %s(const long *a, int n) { %s }" % (names[-1], body))
        files["u%d.c" % f] = "\n".join(lines) + "\n"
    files["main.c"] = "".join(
        ["#include <stdio.h>\n"] + ["long %s(const long *, int);\n" % n for n in names] +
        ["int main(void) { long a[16]; for (int i = 0; i < 16; i++) a[i] = i * 7 - 20;\n"] +
        ['  printf("%%ld\\n", %s(a, 16));\n' % n for n in names] + ["  return 0; }\n"])
    flags = [rng.choice(["-O2", "-Os", "-Oz"])]
    d = write_once(hosts.cache_dir(env), "gen%d" % seed, files)
    return P("gen%d" % seed, d, ["main.c"] + sorted(f for f in files if f != "main.c"), flags=flags)


def write_once(parent, name, files):
    """PARENT/NAME-HASH holding FILES ({name: text}), written once."""
    digest = hashlib.sha1(repr(sorted(files.items())).encode()).hexdigest()[:12]
    d = os.path.join(parent, "%s-%s" % (name, digest))
    if not os.path.isdir(d):
        part = tempfile.mkdtemp(prefix=".part-", dir=parent)
        for n, text in files.items():
            with open(os.path.join(part, n), "w") as f:
                f.write(text)
        try:
            os.rename(part, d)
        except OSError:     # another process was first
            shutil.rmtree(part, ignore_errors=True)
    return d


# ---------------------------------------------------------------- the links

THREADED = ("lld", "mold")   # hosts whose thread count can vary


def thread_flags(host, second):
    """The linker's own thread count: the first or the second setting."""
    if host not in THREADED:
        return ["-Wl,--no-threads"] if host == "gold" else []
    return ["-Wl,--threads=%d" % (2 if second else 1)]


def link(env, case, prog, host, g, jobs, second, tag):
    """Links PROG into case/app and moves it and its report to app.TAG and
    report.TAG.json; returns the link's Result."""
    objs = hosts.build(env, prog, ["-g"] if g else [], tag="-g" if g else "")
    opts = ["coalesce-report=report.json"]
    if host != "lld":
        opts.append("jobs=%d" % jobs)
    cmd, e = hosts.link_cmd(env, host, objs, "app", True, opts, thread_flags(host, second))
    r = hosts.run_in(case, cmd, e, env.timeout)
    if r.rc == 0:
        os.rename(case.path("app"), case.path("app." + tag))
        os.rename(case.path("report.json"), case.path("report.%s.json" % tag))
    return r


def one(env, seed):
    prog, host, g, jobs = choose(env, seed)
    what = "%s with %s%s, jobs=%d" % (prog.name, host, " -g" if g else "", jobs)
    with hosts.Case(env) as case:
        links = [("1", False), ("2", False)] + ([("3", True)] if host in THREADED else [])
        for tag, second in links:
            r = link(env, case, prog, host, g, jobs, second, tag)
            if r.rc != 0 or hosts.crashed(r):
                return failed_link(env, seed, case, prog, host, g, what, r)
        diffs = compare(case, [pair for t, _ in links[1:] for pair in
                               (("app.1", "app." + t), ("report.1.json", "report.%s.json" % t))])
        if host != "lld":
            if link(env, case, prog, host, g, jobs % 3 + 1, False, "4").rc == 0:
                diffs += compare(case, [("report.1.json", "report.4.json")])
        if not diffs:
            return "passed"
        if host_differs(env, case, prog, host, g):
            return "host-only"
        note = "determinism seed %d: %s\n\n%s" % (seed, what, "\n".join(diffs))
        kept = env.keep(NAME, seed, [case.path(p) for p in sorted(os.listdir(case.cwd))], note)
        return "different", kept, what + ": " + "; ".join(diffs)


def host_differs(env, case, prog, host, g, tries=3):
    """Whether the same links without coalesce differ among themselves."""
    objs = hosts.build(env, prog, ["-g"] if g else [], tag="-g" if g else "")
    seen = set()
    for i in range(tries):
        for second in (False, True):
            cmd, e = hosts.link_cmd(env, host, objs, "plain", False, extra=thread_flags(host, second))
            if hosts.run_in(case, cmd, e, env.timeout).rc != 0:
                return False
            with open(case.path("plain"), "rb") as f:
                seen.add(f.read())
    os.remove(case.path("plain"))
    return len(seen) > 1


def failed_link(env, seed, case, prog, host, g, what, r):
    objs = hosts.build(env, prog, ["-g"] if g else [], tag="-g" if g else "")
    cmd, e = hosts.link_cmd(env, host, objs, "app.plain", False)
    if hosts.run_in(case, cmd, e, env.timeout).rc != 0:
        return "host-only"
    kind = "crash" if hosts.crashed(r) else "hang" if r.timed_out else "link-failed"
    kept = env.keep(NAME, seed, [], "determinism seed %d: %s: %s\n\n%s" % (seed, what, kind, r.err))
    return kind, kept, what + ": " + r.err.strip()[-300:]


# ---------------------------------------------------------------- comparing

def compare(case, pairs):
    """One line per pair of files that differ, naming the ELF sections
    that differ."""
    out = []
    for a, b in pairs:
        da, db = (open(case.path(p), "rb").read() for p in (a, b))
        if da != db:
            secs = differing_sections(da, db)
            out.append("%s and %s differ%s" % (a, b, ": sections " + ", ".join(secs) if secs else ""))
    return out


def differing_sections(a, b):
    """Names of the sections whose bytes or sizes differ between two
    64-bit little-endian ELF files ([] if either is not one)."""
    sa, sb = sections(a), sections(b)
    if sa is None or sb is None:
        return []
    names = sorted(set(sa) | set(sb))
    return [n for n in names if sa.get(n) != sb.get(n)]


def sections(data):
    """{name: bytes} of an ELF64 LE file, or None."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return None
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    heads = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    strtab = heads[shstrndx]
    def name(off):
        start = strtab[4] + off
        return data[start:data.index(b"\0", start)].decode(errors="replace")
    out = {}
    for h in heads[1:]:
        body = b"" if h[1] == 8 else data[h[4]:h[4] + h[5]]   # SHT_NOBITS: no bytes
        out[name(h[0])] = (h[5], body)
    return out


def run(env, seeds, tally):
    hosts.run_cases(env, seeds, tally, one)


if __name__ == "__main__":
    sys.exit(hosts.main(sys.modules[__name__]))
