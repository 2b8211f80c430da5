"""Lua 5.4 (Debian)."""

import os

from debsrc import DebianProject
from harness import Binary, Program, Unit
from projects.common import CORPUS, script_checks


class Lua(DebianProject):
    """The Lua 5.4 interpreter, running scripts of our own."""
    name = "lua"
    package, version = "lua5.4", "5.4.4-3+deb12u1"
    orig = "lua5.4_5.4.4.orig.tar.gz"
    sha256 = "164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61"
    program_names = ["lua"]
    # src/Makefile's "linux" target (readline left out).
    FLAGS = ["-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX"]
    LIBS = ["-Wl,-E", "-ldl", "-lm"]
    # lstate.c seeds string hashing from time() and addresses, so the
    # instructions executed would differ from run to run; luai_makeseed is
    # the documented way to fix the seed.
    FIXED_SEED = {"lstate.c": ["-Dluai_makeseed(L)=0x2d5eedu"]}
    SCRIPTS = ["strings", "tables", "closures", "nbody", "fannkuch",
               "workload"]

    def units(self, src):
        names = sorted(f for f in os.listdir(os.path.join(src, "src"))
                       if f.endswith(".c") and f != "luac.c")
        units = [Unit("src/" + f, self.FLAGS + self.FIXED_SEED.get(f, []),
                      name="lua_" + f[:-2]) for f in names]
        self.lib = [u.name for u in units if u.name != "lua_lua"]
        return units

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "lua")
        scripts = [(s, None) for s in self.SCRIPTS]

        def check(ctx, variant, binpath):
            return script_checks(binpath, "lua", scripts,
                                 lambda name: [os.path.join(d, name + ".lua")],
                                 cwd=d)

        return [Program(
            "lua", [Binary("lua", ["lua_lua"] + self.lib, self.LIBS)],
            check, lambda b, w: ([b["lua"], os.path.join(d, "workload.lua")],
                                 None),
            compare=True,
            describe="the Lua 5.4.4 interpreter (%d sources, linked with "
            "-Wl,-E as upstream's Makefile does)" % (len(self.lib) + 1),
            workload_text="bench/corpus/lua/workload.lua: strings and JSON, "
            "tables and metatables, closures and coroutines, n-body, "
            "fannkuch")]


# The recipes of this module, and where they come in the tables.
ORDER = 60
PROJECTS = [Lua()]
