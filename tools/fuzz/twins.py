"""Mode twins: programs from twingen.py (functions identical, identical up
to constants, similar, mutually recursive twins, repeated regions), the
food coalesce lives on and Csmith rarely offers. The reference is the -O0
build under UBSan (a program it stops is skipped as skipped-ub); then full
LTO at -Oz (-O2 for one seed in four, -fno-inline for one in three),
linked through ld.lld and ld.gold with coalesce (difflink.py), outputs
compared. The tally also sums what coalesce's report says it merged and
outlined, so that the generator's reach can be read off the results.
"""
import os

import difflink
import twingen

NAME = "twins"
QUICK = range(0, 24)


def program(env, seed, d):
    files = twingen.generate(seed)
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
    return difflink.Program(NAME, seed, d, sorted(files), opt="-O2" if seed % 4 == 3 else "-Oz",
                            no_inline=seed % 3 == 1, ubsan_ref=True, configs=difflink.configs_for(seed))


def run(env, seeds, tally):
    difflink.run_programs(env, seeds, tally, program)
