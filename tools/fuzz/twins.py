"""Mode twins: programs from twingen.py (functions identical, identical up
to constants, similar, mutually recursive twins, repeated regions), the
food coalesce lives on and Csmith rarely offers. The reference is the -O0
build under UBSan (a program it stops is skipped as skipped-ub); then full
LTO at -Oz (-O2 for one seed in four, -fno-inline for one in three),
linked through ld.lld and ld.gold with coalesce (difflink.py), outputs
compared; two of the links merge similar functions too, a stage off by
default (difflink.similar_configs: the stage alone through one linker, the
whole pipeline with it through the other). The tally also sums what
coalesce's report says it merged and outlined, so that the generator's
reach can be read off the results.

Then ThinLTO: the program compiled with -flto=thin and linked through
ld.lld and ld.gold with coalesce in every backend (difflink.thin_configs).
A program of one file (two seeds in five) is spread over 2-3 files for
these links (twingen.split: the same functions, its own reference), so
that ThinLTO has several modules; the full-LTO links keep the one file.
"""
import os

import difflink
import twingen

NAME = "twins"
# Half of the generator's programs from before its variants came, half after.
QUICK = list(range(0, 12)) + list(range(twingen.VARIANTS_FROM, twingen.VARIANTS_FROM + 12))


def write(d, files):
    os.makedirs(d, exist_ok=True)
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    return sorted(files)


def program(env, seed, d):
    opt, no_inline = "-O2" if seed % 4 == 3 else "-Oz", seed % 3 == 1
    sources = write(d, twingen.generate(seed))
    split = twingen.split(seed) if len(sources) == 1 else None
    p = difflink.Program(NAME, seed, d, sources, opt=opt, no_inline=no_inline, ubsan_ref=True,
                         configs=difflink.configs_for(seed, thin=False) + difflink.similar_configs(seed)
                         + ([] if split else difflink.thin_configs(seed)))
    if split:
        t = os.path.join(d, "thin")
        p.thin_program = difflink.Program(NAME, seed, t, write(t, split), opt=opt, no_inline=no_inline,
                                          ubsan_ref=True, configs=difflink.thin_configs(seed))
    return p


def run(env, seeds, tally):
    difflink.run_programs(env, seeds, tally, program)
