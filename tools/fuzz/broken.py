"""The broken mode: broken inputs and options given to every host coalesce
runs in (ld.lld with the pass plugin; ld.gold, ld.bfd and mold with
coalesce.so as the GNU plugin; the host rotates with the seed).

A seed derives one broken link from test/link/Inputs/c-multi's bitcode
objects (built once, in BUILD/fuzz-cache): an object cut at a random offset, an object
with 1-8 bits flipped, an archive with a bad member, an object compiled
for another target, or a coalesce option (COALESCE_OPTIONS, -plugin-opt=,
ld.lld's pipeline parameters or -mllvm) with its name or value mutated.
Each runs in a fresh cwd with TMPDIR inside it.

A rejected link must exit non-zero with a message on stderr, leave no
output file, and leave no files in its cwd or TMPDIR: "rejected". A link
that succeeds must leave nothing but its output, and its program must
print what the intact program prints, or what the same link without
coalesce prints (a flipped bit may change a constant): "accepted". A
program whose output differs between two links without coalesce (a flipped
bit can make it print an address, which ASLR moves) is "unstable-output",
not a failure: its output cannot judge coalesce. A
rejection whose message does not name the broken file where the same
link without coalesce does, or does not quote the mutated option, is
counted apart as "rejected-unnamed" (not a failure: a reason to look).
Failures: crash, out-of-memory (an allocation refused under the
gauntlet's address-space limit, common.MEMORY_LIMIT, however the host
exits), hang, silent (non-zero exit, nothing said), output-left,
leftovers, wrong-output, only-coalesce-accepts. A failure the same host
shows without coalesce (the same outcome: out-of-memory only if that link
runs out of memory too) is counted as "host-only:HOST" instead (before
stop 21 of the project, "host-only" for every host).

    python3 tools/fuzz/broken.py --build build --seeds 0-239
"""
import os
import random
import re
import sys

import common
import hosts

NAME = "broken"
QUICK = range(0, 240)       # 12 rounds of every kind with every host
KINDS = ("truncate", "bitflip", "archive", "wrong-target", "option")
SRC = os.path.join(common.ROOT, "test", "link", "Inputs", "c-multi")
PROGRAM = hosts.Program("cmulti", SRC, ["main.c", "b.c", "c.c", "api.c"])
TARGETS = ("aarch64-linux-gnu", "riscv64-linux-gnu", "wasm32-unknown-unknown",
           "i686-linux-gnu", "armv7-linux-gnueabihf")


class Link:
    """One broken link: its inputs (absolute paths), extra arguments,
    coalesce options or environment, and a word the error should name."""

    def __init__(self, inputs, extra=(), opts=(), envadd=None, word=None):
        self.inputs, self.extra, self.opts = list(inputs), list(extra), list(opts)
        self.envadd, self.word = envadd or {}, word

    def written(self):
        """Files a successful link may write besides its output: the
        report a (still valid) report option names."""
        w = self.word or ""
        return [w.split("=", 1)[1]] if "report" in w and "=" in w else []


# ---------------------------------------------------------------- broken inputs

def write(case, name, data):
    with open(case.path(name), "wb") as f:
        f.write(data)
    return case.path(name)


def victim(env, rng):
    """The intact objects, and the index of the one to break."""
    objs = hosts.build(env, PROGRAM)
    return objs, rng.randrange(len(objs))


def truncate(env, rng, case, host):
    objs, i = victim(env, rng)
    data = open(objs[i], "rb").read()
    objs[i] = write(case, "cut.o", data[:rng.randrange(len(data))])
    return Link(objs, word="cut.o")


def bitflip(env, rng, case, host):
    objs, i = victim(env, rng)
    data = bytearray(open(objs[i], "rb").read())
    for _ in range(rng.randint(1, 8)):
        bit = rng.randrange(len(data) * 8)
        data[bit // 8] ^= 1 << (bit % 8)
    objs[i] = write(case, "flipped.o", bytes(data))
    return Link(objs, word="flipped.o")


def bad_member(rng, good):
    """Bytes of a member that is not a usable object."""
    kind = rng.randrange(5)
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 300)))
    return [junk, b"BC\xc0\xde" + junk, good[:rng.randrange(len(good))], b"",
            b"\x7fELF" + junk][kind]


def archive(env, rng, case, host):
    objs, i = victim(env, rng)
    good = open(objs[i], "rb").read()
    members = [objs[i], write(case, "bad.o", bad_member(rng, good))]
    rng.shuffle(members)
    lib = case.path("libbad.a")
    r = common.run([env.tool("llvm-ar"), "rcs", lib] + members, env.timeout)
    if r.rc != 0:  # llvm-ar cannot index the bad member: an archive without an index
        r = common.run([env.tool("llvm-ar"), "rcS", lib] + members, env.timeout)
    os.remove(case.path("bad.o"))
    rest = objs[:i] + objs[i + 1:]
    if rng.random() < 0.7:
        return Link(rest, ["-Wl,--whole-archive", lib, "-Wl,--no-whole-archive"], word="libbad.a")
    return Link(rest, [lib], word="libbad.a")


def wrong_target(env, rng, case, host):
    objs, _ = victim(env, rng)
    target = rng.choice(TARGETS)
    src = rng.choice(["b.c", "c.c", "api.c"])
    one = hosts.Program("cmulti-" + src, SRC, [src])
    objs[PROGRAM.lto.index(src)] = hosts.build(env, one, ["--target=" + target], tag="-" + target)[0]
    return Link(objs, word=os.path.basename(objs[PROGRAM.lto.index(src)]))


# ---------------------------------------------------------------- mutated options

# Valid options (name, value or None), per channel; mutations break them.
COALESCE_OPTS = [("coalesce-print-merges", None), ("coalesce-print-merges", "true"),
                 ("coalesce-verify-order", "3"), ("coalesce-outline-min-benefit", "8"),
                 ("coalesce-max-constant-parameters", "4"), ("coalesce-use-aliases", "false"),
                 ("coalesce-outline", "true"), ("coalesce-outline-rounds", "2"),
                 ("coalesce-report", "reports/r.json"), ("coalesce-verify", None)]
GNU_OPTS = [("O2", None), ("jobs", "2"), ("mcpu", "x86-64-v2"),
            ("mtriple", "x86_64-pc-linux-gnu")]
PARAMS = [("print-merges", None), ("verify-order", "3"), ("no-aliases", None),
          ("no-outline", None), ("report", "reports/r.json"), ("verify", None)]
ODD = ["\u00e9", "\U0001F642", "\u202e", "\ufeff", "\u00df", "\u0663", " ", ";", ",", "=", "%s"]
BAD_NUMBERS = ["abc", "-1", "99999999999999999999999", "0x10", "1e3", "", " 3", "+5",
               "\u0663", "3.5", "4294967296"]


def mutate(rng, name, value):
    """NAME[=VALUE] with one thing wrong (or, by chance, still right)."""
    m = rng.randrange(7)
    if m == 0:      # a typo in the name
        i = rng.randrange(len(name))
        name = [name[:i] + name[i + 1:], name[:i] + rng.choice("xyz-_") + name[i:],
                name[:i] + rng.choice("QZ_") + name[i + 1:]][rng.randrange(3)]
    elif m == 1:    # a bad number
        value = rng.choice(BAD_NUMBERS)
    elif m == 2:    # empty, missing or unwanted value
        value = "" if value else rng.choice(["1", "", "yes"])
    elif m == 3:    # very long
        long = rng.choice("ax9") * rng.choice([300, 5000, 60000])
        name, value = (name + long, value) if rng.random() < 0.5 else (name, (value or "") + long)
    elif m == 4:    # unicode and separators
        odd = rng.choice(ODD)
        i = rng.randrange(len(name) + 1)
        name, value = (name[:i] + odd + name[i:], value) if rng.random() < 0.5 else (name, (value or "") + odd)
    elif m == 5:    # dashes and prefixes
        name = rng.choice(["-", "--", "coalesce-", "-coalesce", "no-"]) + name
    else:           # only a part of it
        name = name[:rng.randrange(1, len(name) + 1)]
    return name if value is None else name + "=" + value


def option(env, rng, case, host):
    objs = hosts.build(env, PROGRAM)
    os.makedirs(case.path("reports"))
    channels = ["env", "mllvm", "params"] if host == "lld" else ["env", "plugin-opt", "plugin-opt"]
    channel = rng.choice(channels)
    if channel == "params":
        word = mutate(rng, *rng.choice(PARAMS))
        return Link(objs, ["-Wl,--lto-newpm-passes=lto<O2>,coalesce<%s>" % word], word=word)
    if channel == "plugin-opt":
        word = mutate(rng, *rng.choice(COALESCE_OPTS + GNU_OPTS))
        return Link(objs, opts=[word], word=word)
    word = mutate(rng, *rng.choice(COALESCE_OPTS))
    if channel == "mllvm":
        return Link(objs, ["-Wl,-mllvm,-" + word], word=word)
    return Link(objs, envadd={"COALESCE_OPTIONS": "-" + word}, word=word)


MAKERS = dict(zip(KINDS, (truncate, bitflip, archive, wrong_target, option)))


# ---------------------------------------------------------------- judging a link

def reference_output(env):
    """What the intact program prints (linked once per run)."""
    def make():
        with hosts.Case(env) as case:
            cmd, e = hosts.link_cmd(env, "lld", hosts.build(env, PROGRAM), case.path("app"), False)
            r = hosts.run_in(case, cmd, e, env.timeout)
            if r.rc != 0:
                raise RuntimeError("the intact program does not link: " + r.err)
            return hosts.run_in(case, [case.path("app")], timeout=10).out
    return hosts.once(("reference",), make)


def attempt(env, case, host, link, coalesce):
    """Runs LINK with HOST (with or without coalesce) in CASE; returns
    (outcome, detail, program output or None)."""
    out = case.path("app")
    opts = link.opts if coalesce else []
    cmd, e = hosts.link_cmd(env, host, link.inputs, out, coalesce, opts, link.extra)
    if coalesce:
        e.update(link.envadd)
    r = hosts.run_in(case, cmd, e, env.timeout)
    left = case.leftovers(["app"] + link.written() if r.rc == 0 else [])
    left = [p for p in left if not p.startswith("reports")]
    printed = None
    if r.timed_out:
        res = ("hang", "link did not finish in %ds" % env.timeout)
    elif r.rc != 0 and r.out_of_memory:
        res = ("out-of-memory", r.err)
    elif hosts.crashed(r):
        res = ("crash", r.err)
    elif r.rc != 0 and not r.err.strip():
        res = ("silent", "exit %d and nothing on stderr" % r.rc)
    elif r.rc != 0 and os.path.exists(out):
        res = ("output-left", r.err)
    elif left:
        res = ("leftovers", "left: %s\n%s" % (" ".join(left[:20]), r.err))
    elif r.rc != 0:
        res = ("rejected", r.err)
    else:
        p = hosts.run_in(case, [out], timeout=10)
        printed = p.out if not p.timed_out else "<hang>"
        res = ("accepted", "")
    case.reset()
    return res[0], res[1], printed


def judge(env, seed, case, host, kind, link):
    outcome, detail, printed = attempt(env, case, host, link, True)
    if outcome == "accepted":
        if printed == reference_output(env):
            return "accepted", detail
        alone, _, alone_printed = attempt(env, case, host, link, False)
        if alone != "accepted":
            return "only-coalesce-accepts", "without coalesce: %s" % alone
        if alone_printed == printed:
            return "accepted", ""
        _, _, again = attempt(env, case, host, link, False)
        if again != alone_printed:
            return "unstable-output", "without coalesce, two links print differently"
        return "wrong-output", "with coalesce:\n%s\nwithout:\n%s" % (printed, alone_printed)
    if outcome == "rejected":
        if kind == "option":
            return ("rejected" if names_option(link.word, detail) else "rejected-unnamed"), detail
        if link.word is None or link.word in detail:
            return outcome, detail
        alone, alone_detail, _ = attempt(env, case, host, link, False)
        named_alone = alone == "rejected" and link.word in alone_detail
        return ("rejected-unnamed" if named_alone else "rejected"), detail
    if kind == "option":
        return outcome, detail
    alone, _, _ = attempt(env, case, host, link, False)
    return ("host-only" if alone == outcome else outcome), detail


def names_option(word, message):
    """Whether MESSAGE quotes (the start of) a piece of WORD."""
    pieces = [p for p in re.split(r"[;,= ]", word.lstrip("-")) if p]
    return not pieces or any(p[:30] in message for p in pieces)


def one(env, seed):
    host = hosts.HOSTS[seed % len(hosts.HOSTS)]
    kind = KINDS[(seed // len(hosts.HOSTS)) % len(KINDS)]
    rng = random.Random(seed)
    case = hosts.Case(env)
    with case:
        link = MAKERS[kind](env, rng, case, host)
        case.snapshot()
        outcome, detail = judge(env, seed, case, host, kind, link)
        if outcome == "host-only":
            return "host-only:" + host   # whose bug it is, counted apart
        if outcome in ("accepted", "rejected", "rejected-unnamed", "unstable-output"):
            return outcome
        cmd, e = hosts.link_cmd(env, host, link.inputs, "app", True, link.opts, link.extra)
        e.update(link.envadd)
        note = "broken seed %d: %s, %s with %s\nenv: %r\ncommand: %s\n\n%s" % (
            seed, outcome, kind, host, e, " ".join(cmd), detail)
        kept = env.keep(NAME, seed, [case.path(p) for p in case.inputs()], note)
        return outcome, kept, "%s/%s: %s" % (kind, host, detail.strip()[:300])


def run(env, seeds, tally):
    reference_output(env)
    hosts.run_cases(env, seeds, tally, one)


if __name__ == "__main__":
    sys.exit(hosts.main(sys.modules[__name__]))
