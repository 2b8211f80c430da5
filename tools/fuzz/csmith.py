"""Mode csmith: one Csmith program per seed (more, smaller functions than
Csmith's default), the -O0 build as the reference, then full LTO at -Oz
(-fno-inline for every other seed, without which LTO inlines nearly
everything and coalesce sees little), linked through ld.lld and ld.gold
with coalesce (difflink.py), and compiled with -flto=thin and linked as
ThinLTO through ld.lld and ld.gold with coalesce (one module: coalesce runs
in its one backend), the printed checksums compared. A program whose
reference runs past 5 s is skipped (skipped-timeout).
"""
import os

import common
import difflink

NAME = "csmith"
QUICK = range(0, 24)
INCLUDE = "/usr/include/csmith"
RUN_TIMEOUT = 5     # seconds; a few Csmith programs loop for minutes at -O0
OPTIONS = ["--max-funcs", "16", "--max-block-depth", "3", "--max-expr-complexity", "6",
           "--max-array-len-per-dim", "6", "--no-packed-struct"]


def program(env, seed, d):
    """Writes the program for SEED into D; None if Csmith fails."""
    r = common.run(["csmith", "--seed", str(seed), "-o", "prog.c"] + OPTIONS, env.timeout, cwd=d)
    if r.rc != 0 or not os.path.exists(os.path.join(d, "prog.c")):
        return None
    return difflink.Program(NAME, seed, d, ["prog.c"], cflags=["-I" + INCLUDE],
                            no_inline=seed % 2 == 1, run_timeout=RUN_TIMEOUT, configs=difflink.configs_for(seed))


def run(env, seeds, tally):
    difflink.run_programs(env, seeds, tally, program)
