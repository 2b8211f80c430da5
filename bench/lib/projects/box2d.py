"""Box2D (Debian)."""

import glob
import os

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest, own_unit


class Box2d(DebianProject):
    """Box2D, a 2D rigid-body physics engine (float arithmetic), driven by
    a program of our own that builds a world and steps it."""
    name = "box2d"
    package, version = "box2d", "2.4.1-3"
    orig = "box2d_2.4.1.orig.tar.gz"
    sha256 = "d6b4650ff897ee1ead27cf77a5933ea197cbeef6705638dd181adc2e816b23c2"
    program_names = ["box2d"]
    # The library's CMake: C++11; a release build (no b2Assert).
    FLAGS = ["-std=c++11", "-DNDEBUG", "-I", "include", "-I", "src"]
    STEPS = 1500

    def units(self, src):
        units = []
        for path in sorted(glob.glob(os.path.join(src, "src", "*", "*.cpp"))):
            rel = os.path.relpath(path, src)
            units.append(Unit(rel, self.FLAGS,
                              name="box2d_" + os.path.basename(rel)[:-4]))
        self.lib = [u.name for u in units]
        units.append(own_unit(os.path.join(CORPUS, "box2d", "driver.cpp"),
                              self.FLAGS, "driver"))
        return units

    def programs(self, src, ctx):
        runs = [("steps-300", ["300"]),
                ("steps-%d" % self.STEPS, [str(self.STEPS)])]

        def check(ctx, variant, binpath):
            out = {}
            for name, argv in runs:
                rc, text = run_capture([binpath["box2d"]] + argv)
                ok = rc == 0 and b"\nchecksum " in text
                out[name] = (ok, (rc, _digest(text)))
            return out

        return [Program(
            "box2d", [Binary("box2d", ["driver"] + self.lib, cxx=True)],
            check, lambda b, w: ([b["box2d"], str(self.STEPS)], None),
            compare=True,
            describe="Box2D 2.4.1 (%d library sources) with "
            "bench/corpus/box2d/driver.cpp" % len(self.lib),
            workload_text="a world of about 450 bodies (polygons, circles, "
            "chains, every joint type, bullets) stepped %d times at 60 Hz, "
            "with ray casts, queries, debug drawing and ropes: "
            "bench/corpus/box2d/driver.cpp" % self.STEPS)]


# The recipes of this module, and where they come in the tables.
ORDER = 50
PROJECTS = [Box2d()]
