"""Differential linking, shared by the csmith and twins modes: one C program
(one or more files) built as a reference at -O0, then with full LTO and
linked through ld.lld and ld.gold with coalesce, in several stage
configurations, and with ThinLTO (-flto=thin objects) linked through ld.lld
(--thinlto-jobs=2) and ld.gold (-plugin-opt=jobs=2) with coalesce in every
backend, one of the two with --gc-sections; every binary must print what
the reference prints.

A link failure or a wrong output counts against coalesce only if the same
objects linked without coalesce (ld.lld alone, or gold with LLVMgold.so)
link and print the reference's output: for full LTO checked before any
coalesce link, for ThinLTO when a ThinLTO link fails (the same ThinLTO
objects and flags, without coalesce). A failing case is kept, reduced
with cvise (the interestingness test is this file's `recheck` command,
which re-checks the same failure) and written up as a lit test candidate.

    python3 difflink.py recheck SPEC.json   # exit 0 iff SPEC's failure reproduces here
"""
import json
import os
import shutil
import sys
from dataclasses import dataclass, field, asdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

CLANG = "clang"
# Stages ld.lld runs alone as the post-LTO pipeline (lto<O2>,coalesce-STAGE).
# configs_for rotates the first three by seed; merge-similar (off in the
# default pipeline) is in the configs of the modes that ask for it.
STAGES = ("merge", "merge-constants", "outline", "merge-similar")
THIN_LINKERS = ("lld-thin", "gold-thin")   # ThinLTO objects; coalesce in every backend, two backend threads
# The similar-function stage turns down pairs whose selector would run in
# hot code or overspend the run-time budget, and a twins program is hot
# nearly throughout (main's loop calls every function): with the defaults it
# merged 0.35 pairs per program in the whole pipeline (twins seeds 0-19;
# 2.1 without the limits). Its configs lift both
# limits so that the stage acts: this gauntlet judges output, not speed.
SIMILAR_UNLIMITED = ["coalesce-hot-share=0", "coalesce-runtime-budget=1000"]
GOLD_STAGE_OPTS = {       # gold: the stage alone by turning the others off (identical merging always runs)
    "default": [],
    "merge": ["coalesce-merge-constants=false", "coalesce-outline=false"],
    "merge-constants": ["coalesce-outline=false"],
    "outline": ["coalesce-merge-constants=false"],
    "merge-similar": ["coalesce-merge-similar", "coalesce-merge-constants=false",
                      "coalesce-outline=false"] + SIMILAR_UNLIMITED,
    "similar-pipeline": ["coalesce-merge-similar"] + SIMILAR_UNLIMITED,   # the default pipeline with the stage on
}
LLD_STAGE_OPTS = {        # ld.lld: coalesce options of a stage (COALESCE_OPTIONS), besides its pipeline
    "merge-similar": SIMILAR_UNLIMITED,
    "similar-pipeline": ["coalesce-merge-similar"] + SIMILAR_UNLIMITED,   # no pipeline named: the default one
}


@dataclass
class Program:
    """What to build: SOURCES (file names in DIR), the optimization, and
    which coalesce links (CONFIGS: 'lld:STAGE', 'gold:STAGE' with STAGE
    'default', one of STAGES alone or 'similar-pipeline', and the ThinLTO
    links 'lld-thin:default' or 'gold-thin:default', '+gc' for
    --gc-sections). THIN_PROGRAM, when set, is another Program (the same
    seed, its own directory and reference) whose ThinLTO links are checked
    after this one's: twins splits a one-file program over several files
    for them, so that ThinLTO has several modules."""
    mode: str
    seed: int
    dir: str
    sources: list
    cflags: list = field(default_factory=list)
    opt: str = "-Oz"
    no_inline: bool = False
    ubsan_ref: bool = False
    run_timeout: float = 10   # seconds a built program may run
    configs: list = field(default_factory=lambda: ["lld:default", "gold:default"])
    thin_program: "Program" = None


def spec_of(p):
    """P's fields as recheck reads them (without THIN_PROGRAM)."""
    return {k: v for k, v in asdict(p).items() if k != "thin_program"}


@dataclass
class Outcome:
    kind: str                 # passed, skipped-*, or a failure: mismatch, crash, link-fail, hang
    config: str = ""
    detail: str = ""
    report: dict = None       # coalesce's JSON report of the lld:default link
    counts: dict = field(default_factory=dict)   # thin-links, thin-mismatches, ...: added to the tally, failed or not
    program: "Program" = None  # the Program that failed, when not the one checked (its THIN_PROGRAM)

    @property
    def failed(self):
        return self.kind in ("mismatch", "crash", "link-fail", "hang")

    def count(self, key, n=1):
        self.counts[key] = self.counts.get(key, 0) + n


def configs_for(seed, thin=True):
    """Every seed: both linkers with the default pipeline; one stage alone
    through each linker, rotated by seed so that each is covered; then
    (THIN) the two ThinLTO links."""
    return ["lld:default", "gold:default",
            "lld:" + STAGES[seed % 3], "gold:" + STAGES[(seed + 1) % 3]] + (thin_configs(seed) if thin else [])


def similar_configs(seed):
    """The similar-function stage (off by default), two links a seed: alone
    through one linker and in the whole pipeline through the other, which
    way round by seed."""
    if seed % 2 == 0:
        return ["lld:merge-similar", "gold:similar-pipeline"]
    return ["gold:merge-similar", "lld:similar-pipeline"]


def thin_configs(seed):
    """The ThinLTO links of a seed: ld.lld and ld.gold with the default
    pipeline, --gc-sections on one of them, the other by seed (ld.lld keeps
    one copy of a __coalesce.<hash> shared body only with --gc-sections)."""
    if seed % 2 == 0:
        return ["lld-thin:default+gc", "gold-thin:default"]
    return ["lld-thin:default", "gold-thin:default+gc"]


def is_thin(config):
    return config.split(":")[0] in THIN_LINKERS


def split_config(config):
    """'lld-thin:default+gc' -> ('lld-thin', 'default', True)."""
    linker, stage = config.split(":")
    stage, _, extra = stage.partition("+")
    return linker, stage, extra == "gc"


def _path(p, name):
    return os.path.join(p.dir, name)


def compile_reference(env, p):
    flags = ["-O0", "-w"] + (["-fsanitize=undefined", "-fno-sanitize-recover=undefined"] if p.ubsan_ref else [])
    return common.run([env.tool(CLANG)] + flags + p.cflags + p.sources + ["-o", "ref.exe"], env.timeout, cwd=p.dir)


def compile_lto(env, p, thin=False):
    """Bitcode objects, one per source (THIN: -flto=thin, as SOURCE.thin.o);
    the first failing Result, or None."""
    flags = [p.opt, "-w", "-flto=thin" if thin else "-flto", "-c"] + (["-fno-inline"] if p.no_inline else []) + p.cflags
    for s in p.sources:
        r = common.run([env.tool(CLANG)] + flags + [s, "-o", obj(s, thin)], env.timeout, cwd=p.dir)
        if r.rc != 0:
            return r
    return None


def obj(source, thin=False):
    return os.path.splitext(source)[0] + (".thin.o" if thin else ".o")


def link_command(env, p, config, out):
    """The clang command line and environment of one link. CONFIG is
    'lld:STAGE', 'gold:STAGE' (STAGE: 'default', the whole pipeline; one of
    STAGES alone; 'similar-pipeline', the whole pipeline with similar
    functions merged), 'lld:none' or 'gold:none' (no coalesce), or
    the same with 'lld-thin'/'gold-thin' (ThinLTO objects, two backend
    threads), '+gc' after the stage for --gc-sections."""
    linker, stage, gc = split_config(config)
    thin = linker in THIN_LINKERS
    objs = [obj(s, thin) for s in p.sources]
    report = os.path.join(p.dir, out + ".json")
    envvars = dict(os.environ)
    extra = ["-Wl,--gc-sections"] if gc else []
    if linker == "lld-thin":
        cmd = [env.tool(CLANG), "-flto=thin", "-fuse-ld=lld", "-Wl,--thinlto-jobs=2"]
        if stage != "none":
            # With the plan of a scan across modules (link() runs it).
            cmd += ["-Wl,--load-pass-plugin=" + env.plugin]
            envvars["COALESCE_OPTIONS"] = (
                "-coalesce-verify -coalesce-report=" + report +
                " -coalesce-cross-module-plan=" + plan_path(out))
        return cmd + extra + objs + ["-o", out], envvars
    if linker == "gold-thin":
        cmd = [env.tool(CLANG), "-fno-lto", "-fuse-ld=gold"]
        if stage == "none":
            cmd += ["-Wl,-plugin," + os.path.join(os.path.dirname(env.llvm_bin), "lib", "LLVMgold.so")]
        else:
            cmd += ["-Wl,-plugin," + env.plugin, "-Wl,-plugin-opt=coalesce-verify"]
        return cmd + ["-Wl,-plugin-opt=jobs=2"] + extra + objs + ["-o", out], envvars
    if linker == "lld":
        cmd = [env.tool(CLANG), "-flto", "-fuse-ld=lld"]
        if stage != "none":
            cmd += ["-Wl,--load-pass-plugin=" + env.plugin]
            envvars["COALESCE_OPTIONS"] = "-coalesce-verify -coalesce-report=" + report + "".join(
                " -" + o for o in LLD_STAGE_OPTS.get(stage, []))
        if stage in STAGES:
            cmd += ["-Xlinker", "--lto-newpm-passes=lto<O2>,coalesce-" + stage]
    else:
        cmd = [env.tool(CLANG), "-fno-lto", "-fuse-ld=gold"]
        if stage == "none":
            cmd += ["-Wl,-plugin," + os.path.join(os.path.dirname(env.llvm_bin), "lib", "LLVMgold.so")]
        else:
            cmd += ["-Wl,-plugin," + env.plugin, "-Wl,-plugin-opt=coalesce-verify"]
            cmd += ["-Wl,-plugin-opt=" + o for o in GOLD_STAGE_OPTS[stage]]
    return cmd + extra + objs + ["-o", out], envvars


def plan_path(out):
    """Where the scan across modules writes the plan of the link of OUT."""
    return out + ".plan.json"


def link(env, p, config, out):
    cmd, envvars = link_command(env, p, config, out)
    linker, stage, _ = split_config(config)
    if linker == "lld-thin" and stage != "none":
        # ld.lld's backends merge across modules what a scan before the
        # link planned (the GNU plugin scans by itself).
        scan = [env.backend, "--scan", "-o", plan_path(out)] + \
            [obj(s, True) for s in p.sources]
        r = common.run(scan, env.timeout, cwd=p.dir)
        if r.rc != 0:
            return r
    return common.run(cmd, env.timeout, cwd=p.dir, env=envvars)


def execute(env, p, exe):
    return common.run([os.path.join(p.dir, exe)], p.run_timeout, cwd=p.dir)


def reference(env, p):
    """The reference's output, or an Outcome that skips the program."""
    r = compile_reference(env, p)
    if r.rc != 0:
        return Outcome("skipped-compile", detail=r.err[-400:])
    r = execute(env, p, "ref.exe")
    if r.timed_out:
        return Outcome("skipped-timeout")
    if p.ubsan_ref and "runtime error" in r.err:
        return Outcome("skipped-ub", detail=r.err[-400:])
    if r.rc != 0:
        return Outcome("skipped-ref-failed", detail=r.err[-400:])
    return r


def check(env, p, only=None):
    """Builds and runs everything for P (and its THIN_PROGRAM); the first
    failure, or passed. Outcome.counts says how many ThinLTO links were
    made (thin-links) and how many printed other than the reference
    (thin-mismatches); a ThinLTO link whose baseline (the same link without
    coalesce) fails too is skipped (thin-skipped-baseline-link,
    thin-skipped-baseline-differs), not the case."""
    configs = only or p.configs
    full = [c for c in configs if not is_thin(c)]
    thin = [c for c in configs if is_thin(c)]
    ref = reference(env, p)
    if isinstance(ref, Outcome):
        return ref
    if full:
        if compile_lto(env, p):
            return Outcome("skipped-compile")
        base = link(env, p, "lld:none", "base.exe")
        if base.rc != 0:
            return Outcome("skipped-baseline-link", detail=base.err[-400:])
        b = execute(env, p, "base.exe")
        if (b.rc, b.out) != (0, ref.out):
            return Outcome("skipped-baseline-differs")
    counts = {}
    for config in full:
        out = check_config(env, p, config, ref.out)
        if out.failed:
            return out
    if thin and compile_lto(env, p, thin=True):
        return Outcome("skipped-compile", "thin")
    for config in thin:
        out = check_config(env, p, config, ref.out)
        counts["thin-links"] = counts.get("thin-links", 0) + 1
        if out.kind == "mismatch":
            counts["thin-mismatches"] = counts.get("thin-mismatches", 0) + 1
        if out.failed:
            return Outcome(out.kind, out.config, out.detail, counts=counts)
        if out.kind != "passed":   # the ThinLTO baseline failed too: LLVM's, not coalesce's
            counts["thin-" + out.kind] = counts.get("thin-" + out.kind, 0) + 1
        if config.startswith("lld-thin") and out.kind == "passed":
            add_thin_report_counts(read_report(p.dir, exe_name(config) + ".json"), counts)
    for config in full:
        if config.startswith("lld:") and "similar" in config:
            add_similar_report_counts(read_report(p.dir, exe_name(config) + ".json"), counts)
    if p.thin_program is not None and only is None:
        out = check(env, p.thin_program)
        for k, n in out.counts.items():
            counts[k] = counts.get(k, 0) + n
        if out.failed:
            return Outcome(out.kind, out.config, out.detail, counts=counts, program=out.program or p.thin_program)
        if out.kind != "passed":   # the split program's own reference or baseline skipped it
            counts["thin-split-" + out.kind] = counts.get("thin-split-" + out.kind, 0) + 1
    return Outcome("passed", report=read_report(p.dir, "lld-default.exe.json"), counts=counts)


def exe_name(config):
    return config.replace(":", "-").replace("+", "-") + ".exe"


def check_config(env, p, config, expected):
    exe = exe_name(config)
    r = link(env, p, config, exe)
    if r.crashed:
        return Outcome("crash", config, r.err[-1500:])
    linker, _, gc = split_config(config)
    thin = linker in THIN_LINKERS
    if r.rc != 0:
        if thin:   # the same ThinLTO link without coalesce (ld.lld alone, gold with LLVMgold.so)
            if link(env, p, linker + ":none" + ("+gc" if gc else ""), "base-" + exe).rc == 0:
                return Outcome("link-fail", config, r.err[-1500:])
            return Outcome("skipped-baseline-link", config)
        gold_base = config.startswith("gold") and link(env, p, "gold:none", "gold-base.exe").rc == 0
        if config.startswith("lld") or gold_base:
            return Outcome("link-fail", config, r.err[-1500:])
        return Outcome("skipped-baseline-link", config)
    e = execute(env, p, exe)
    if e.timed_out:
        return Outcome("hang", config)
    if (e.rc, e.out) != (0, expected):
        if thin and not thin_baseline_prints(env, p, config, expected):
            return Outcome("skipped-baseline-differs", config)
        return Outcome("mismatch", config, "rc %d; first differing line: %s" % (e.rc, first_diff(expected, e.out)))
    return Outcome("passed", config)


def thin_baseline_prints(env, p, config, expected):
    """Whether the ThinLTO link of CONFIG without coalesce (ld.lld alone,
    with the same --gc-sections) prints EXPECTED: a ThinLTO link with
    coalesce that prints otherwise is coalesce's failure only then."""
    _, _, gc = split_config(config)
    exe = "base-thin.exe"
    if link(env, p, "lld-thin:none" + ("+gc" if gc else ""), exe).rc != 0:
        return False
    e = execute(env, p, exe)
    return not e.timed_out and (e.rc, e.out) == (0, expected)


def first_diff(a, b):
    for x, y in zip(a.splitlines() + ["<end>"], b.splitlines() + ["<end>"]):
        if x != y:
            return "expected %r, got %r" % (x, y)
    return "none"


def read_report(d, name):
    try:
        with open(os.path.join(d, name)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def run_programs(env, seeds, tally, program):
    """A differential mode's run(): for each seed, PROGRAM(env, seed, dir)
    writes a program into a fresh directory and returns its Program (None
    when the generator gave none, counted as skipped-generator); it is
    checked and recorded, and the directory removed."""
    for seed in seeds:
        d = env.scratch()
        try:
            p = program(env, seed, d)
            if p is None:
                tally.add("skipped-generator")
                continue
            record(env, p, check(env, p), tally)
        finally:
            shutil.rmtree(d, ignore_errors=True)


def record(env, p, outcome, tally):
    """Counts OUTCOME in TALLY (with the report's merges and outlined sites,
    and the ThinLTO links' counts); keeps, reduces and writes up a failure
    (of P's THIN_PROGRAM when that is what failed)."""
    for k, n in outcome.counts.items():
        tally.add(k, n)
    if not outcome.failed:
        tally.add(outcome.kind)
        if outcome.report:
            add_report_counts(outcome.report, tally)
        return
    kept = keep(env, outcome.program or p, outcome)
    tally.fail(p.seed, outcome.kind, kept, "%s: %s" % (outcome.config, outcome.detail))


def add_thin_report_counts(rep, counts):
    """What coalesce did in the ThinLTO backends of the ld.lld link, summed
    over its modules: merges (identical and up to constants; of them, those
    a scan across modules planned), outlined sites, functions shared across
    modules as __coalesce.<hash>."""
    if not rep:
        return
    for k, n in (("thin-reported", 1),
                 ("sum-thin-merges", len(rep.get("merges", []))),
                 ("sum-thin-merged-across-modules",
                  sum(1 for m in rep.get("merges", [])
                      if m.get("stage") == "merge-across-modules")),
                 ("sum-thin-outlined-sites", rep.get("outlined", {}).get("sites", 0)),
                 ("sum-thin-shared", len(rep.get("shared", [])))):
        counts[k] = counts.get(k, 0) + n


def add_similar_report_counts(rep, counts):
    """Pairs of functions the similar-function stage merged in an ld.lld
    link with it (one kept body with a selector per pair), over
    similar-reported programs."""
    if not rep:
        return
    pairs = {m.get("kept") for m in rep.get("merges", []) if m.get("selector")}
    for k, n in (("similar-reported", 1), ("sum-merged-similar", len(pairs))):
        counts[k] = counts.get(k, 0) + n


def add_report_counts(rep, tally):
    """Sums of what coalesce did, to average over programs."""
    merges = rep.get("merges", [])
    tally.add("reported", 1)
    tally.add("sum-merges", sum(1 for m in merges if m.get("stage") == "merge"))
    tally.add("sum-merged-constants", sum(1 for m in merges if m.get("stage") == "merge-constants"))
    tally.add("sum-outlined-sites", rep.get("outlined", {}).get("sites", 0))


# --- keeping, reducing, writing up ------------------------------------------

def keep(env, p, outcome):
    note = "mode %s seed %d: %s with %s\n%s\nprogram: %s\nby hand: sh link-commands.sh (in this directory)\n" % (
        p.mode, p.seed, outcome.kind, outcome.config, outcome.detail, json.dumps(spec_of(p)))
    if is_thin(outcome.config):
        note += "ThinLTO: the objects compiled with -flto=thin%s\n" % (
            "; the program is twingen.split(%d), the seed's one-file program spread over files" % p.seed
            if os.path.basename(p.dir) == "thin" else "")
    d = env.keep(p.mode, p.seed, [os.path.join(p.dir, s) for s in p.sources], note)
    with open(os.path.join(d, "link-commands.sh"), "w") as f:
        f.write(repro_script(env, p, outcome))
    spec = dict(spec_of(p), dir=".", expect=outcome.kind, config=outcome.config,
                plugin=env.plugin, build=env.build)
    with open(os.path.join(d, "spec.json"), "w") as f:
        json.dump(spec, f, indent=1)
    srcs = p.sources
    if getattr(env, "reduce", True):
        srcs = reduce_case(env, d, p) or srcs
    write_lit_test(d, p, outcome, srcs)
    return d


def repro_script(env, p, outcome):
    """A shell script that rebuilds the failing link by hand in the kept
    directory: the reference, the objects, the failing link, the diff."""
    import shlex
    from dataclasses import replace
    q = replace(p, dir=".", thin_program=None)
    linker, _, _ = split_config(outcome.config)
    thin = linker in THIN_LINKERS
    ref_flags = ["-O0", "-w"] + (["-fsanitize=undefined", "-fno-sanitize-recover=undefined"] if p.ubsan_ref else [])
    lines = ["#!/bin/sh", "# mode %s seed %d: %s with %s" % (p.mode, p.seed, outcome.kind, outcome.config),
             "# run in this directory; the last command prints the difference from the reference", "set -x",
             shlex.join([env.tool(CLANG)] + ref_flags + p.cflags + p.sources + ["-o", "ref.exe"]),
             "./ref.exe > ref.out"]
    flags = [p.opt, "-w", "-flto=thin" if thin else "-flto", "-c"] + (["-fno-inline"] if p.no_inline else []) + p.cflags
    for s in p.sources:
        lines.append(shlex.join([env.tool(CLANG)] + flags + [s, "-o", obj(s, thin)]))
    cmd, envvars = link_command(env, q, outcome.config, "app.exe")
    pre = "COALESCE_OPTIONS=%s " % shlex.quote(envvars["COALESCE_OPTIONS"]) if "COALESCE_OPTIONS" in envvars else ""
    lines += [pre + shlex.join(cmd), "./app.exe > app.out; echo \"exit status $?\"", "diff ref.out app.out", ""]
    return "\n".join(lines)


def reduce_case(env, d, p):
    """cvise over a copy of the sources in D/reduced, bounded in time;
    returns the reduced paths (relative to D), or None."""
    red = os.path.join(d, "reduced")
    os.makedirs(red, exist_ok=True)
    for s in p.sources + ["spec.json"]:
        shutil.copy(os.path.join(d, s), red)
    script = os.path.join(red, "interesting.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\nexec python3 %s recheck %s\n" % (os.path.abspath(__file__), os.path.join(red, "spec.json")))
    os.chmod(script, 0o755)
    minutes = getattr(env, "reduce_minutes", 10)
    r = common.run(["cvise", "--n", "1", "--timeout", "60", script] + p.sources, minutes * 60, cwd=red)
    with open(os.path.join(red, "cvise.log"), "w") as f:
        f.write(r.out[-20000:] + r.err[-20000:])
    return [os.path.join("reduced", s) for s in p.sources]


def recheck(spec_path):
    """The interestingness test: the spec's failure, in the current directory."""
    with open(spec_path) as f:
        spec = json.load(f)
    env = common.Env(spec["build"], os.getcwd())
    p = Program(**{k: spec[k] for k in Program.__dataclass_fields__ if k in spec})
    p.dir = os.getcwd()
    if common.run([env.tool(CLANG), "-fsyntax-only", "-Werror=uninitialized", "-Werror=return-type",
                   "-Werror=implicit-function-declaration", "-Werror=int-conversion"] + p.cflags + p.sources,
                  60, cwd=p.dir).rc != 0:
        return 1
    p.ubsan_ref = True     # reduction must not turn the program into one with undefined behaviour
    out = check(env, p, only=[spec["config"]])
    return 0 if out.kind == spec["expect"] else 1


def write_lit_test(d, p, outcome, srcs):
    """D/test/link/NAME.test with D/test/link/Inputs/NAME/: drop both into
    test/link/ to keep the case as a regression test."""
    name = "fuzz-%s-%d" % (p.mode, p.seed)
    inputs = os.path.join(d, "test", "link", "Inputs", name)
    os.makedirs(inputs, exist_ok=True)
    for s in srcs:
        shutil.copy(os.path.join(d, s), inputs)
    with open(os.path.join(d, "test", "link", name + ".test"), "w") as f:
        f.write(lit_text(p, outcome, name))


def lit_text(p, outcome, name):
    base = [os.path.basename(s) for s in p.sources]
    cflags = "".join(" " + f for f in p.cflags)
    opt = p.opt + (" -fno-inline" if p.no_inline else "")
    lines = ["# RUN: rm -rf %t && mkdir -p %t",
             "# RUN: %%clang -O0 -w%s %s -o %%t/ref" % (cflags, " ".join("%S/Inputs/" + name + "/" + s for s in base)),
             "# RUN: %t/ref > %t/out.ref"]
    linker, stage, gc = split_config(outcome.config)
    lto = "-flto=thin" if linker in THIN_LINKERS else "-flto"
    for s in base:
        lines.append("# RUN: %%clang %s -w %s -c%s %%S/Inputs/%s/%s -o %%t/%s" % (opt, lto, cflags, name, s, obj(s)))
    objs = " ".join("%t/" + obj(s) for s in base) + (" -Wl,--gc-sections" if gc else "")
    if linker == "lld-thin":
        lines.append("# RUN: %%coalesce_backend --scan -o %%t/plan.json %s" %
                     " ".join("%t/" + obj(s) for s in base))
        lines.append("# RUN: env \"COALESCE_OPTIONS=-coalesce-verify -coalesce-cross-module-plan=%%t/plan.json\" "
                     "%%clang -flto=thin -fuse-ld=lld "
                     "-Wl,--load-pass-plugin=%%coalesce_plugin -Wl,--thinlto-jobs=2 %s -o %%t/app" % objs)
    elif linker == "gold-thin":
        lines.append("# RUN: %%clang -fno-lto -fuse-ld=gold -Wl,-plugin,%%coalesce_plugin -Wl,-plugin-opt=jobs=2 "
                     "-Wl,-plugin-opt=coalesce-verify %s -o %%t/app" % objs)
    elif linker == "lld":
        pipeline = " -Xlinker '--lto-newpm-passes=lto<O2>,coalesce-%s'" % stage if stage in STAGES else ""
        options = " ".join(["-coalesce-verify"] + ["-" + o for o in LLD_STAGE_OPTS.get(stage, [])])
        lines.append("# RUN: env %s %%clang -flto -fuse-ld=lld "
                     "-Wl,--load-pass-plugin=%%coalesce_plugin%s %s -o %%t/app" % (
                         '"COALESCE_OPTIONS=%s"' % options if " " in options else "COALESCE_OPTIONS=" + options,
                         pipeline, objs))
    else:
        opts = "".join(" -Wl,-plugin-opt=" + o for o in ["coalesce-verify"] + GOLD_STAGE_OPTS[stage])
        lines.append("# RUN: %%clang -fno-lto -fuse-ld=gold -Wl,-plugin,%%coalesce_plugin%s %s -o %%t/app" % (opts, objs))
    lines += ["# RUN: %t/app > %t/out", "# RUN: diff %t/out.ref %t/out",
              "#", "# Purpose: found by the gauntlet (mode %s, seed %d, %s with %s): %s" % (
                  p.mode, p.seed, outcome.kind, outcome.config, (outcome.detail.splitlines() or [""])[0][:200]),
              "# The program must link and print what its -O0 build prints."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "recheck":
        sys.exit(recheck(sys.argv[2]))
    sys.exit(__doc__)
