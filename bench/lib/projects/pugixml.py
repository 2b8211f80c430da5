"""pugixml (Debian): its own test suite."""

import os

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest


class Pugixml(DebianProject):
    """pugixml 1.13, a C++ XML DOM parser with XPath, and its test program
    (tests/*.cpp but the fuzzers, with its own test framework), built as
    upstream's Makefile does in config=release, once with the default
    configuration and once with defines=PUGIXML_WCHAR_MODE,PUGIXML_COMPACT
    (two of the configurations its CI tests)."""
    name = "pugixml"
    package, version = "pugixml", "1.13-0.2"
    orig = "pugixml_1.13.orig.tar.gz"
    sha256 = "5c5ad5d7caeb791420408042a7d88c2c6180781bf218feca259fd9d840a888e1"
    program_names = ["pugixml"]
    # Makefile: cxxstd=c++11; config=release adds -DNDEBUG.
    FLAGS = ["-std=c++11", "-DNDEBUG"]
    CONFIGS = {"": [],
               "-wchar-compact": ["-DPUGIXML_WCHAR_MODE",
                                  "-DPUGIXML_COMPACT"]}

    def units(self, src):
        tests = sorted(f for f in os.listdir(os.path.join(src, "tests"))
                       if f.endswith(".cpp") and not f.startswith("fuzz_"))
        units = []
        self.objs = {}
        for cfg, defs in sorted(self.CONFIGS.items()):
            names = []
            for path in ["src/pugixml.cpp"] + ["tests/" + f for f in tests]:
                name = "pugi%s_%s" % (cfg, os.path.basename(path)[:-4])
                units.append(Unit(path, self.FLAGS + defs, name=name))
                names.append(name)
            self.objs[cfg] = names
        self.ntests = len(tests)
        return units

    def programs(self, src, ctx):
        binaries = [Binary("pugixml-test" + cfg, self.objs[cfg], cxx=True)
                    for cfg in sorted(self.CONFIGS)]

        def tests_dir(workdir):
            # The tests read tests/data/... relative to the working
            # directory (upstream runs them from the source's top level):
            # a link to the source's tests/ in the work directory. Their
            # temporary files go beside the executable.
            os.makedirs(workdir, exist_ok=True)
            link = os.path.join(workdir, "tests")
            if not os.path.islink(link):
                os.symlink(os.path.join(src, "tests"), link)
            return workdir

        def check(ctx, variant, binpath):
            wd = tests_dir(ctx.path("work", "pugixml-check", variant.key))
            out = {}
            for b in binaries:
                rc, text = run_capture([binpath[b.name]], cwd=wd)
                out[b.name] = (rc == 0 and b"Success: " in text,
                               (rc, _digest(text)))
            return out

        def workload(binpath, workdir):
            tests_dir(workdir)
            return [binpath["pugixml-test"]], None

        return [Program(
            "pugixml", binaries, check, workload, text="sum", compare=True,
            describe="pugixml 1.13 (src/pugixml.cpp) with its %d test "
            "sources, built twice: the default configuration and "
            "PUGIXML_WCHAR_MODE+PUGIXML_COMPACT (.text: their sum)" %
            self.ntests,
            workload_text="pugixml's own test program (956 tests: parsing, "
            "DOM, writing, XPath, Unicode, memory failures) in the default "
            "configuration, on tests/data")]


# The recipes of this module, and where they come in the tables.
ORDER = 410
PROJECTS = [Pugixml()]
