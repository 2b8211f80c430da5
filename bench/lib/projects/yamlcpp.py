"""yaml-cpp (Debian): its own gtest suite and its parse utility."""

import os

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import GMOCK, _digest, test_checks, xorshift32


def yaml_input(path):
    """A YAML document of ours, the same bytes on every run: block and
    flow collections, anchors and aliases, every scalar style, tags, and
    a few documents in one stream."""
    if os.path.exists(path):
        return path
    rnd = xorshift32()
    words = ["alpha", "beta", "gamma", "delta", "eps ilon", "zeta: z",
             "'q'", "line\\nbreak", "caf\u00e9", "- dash"]
    out = ["%YAML 1.2\n---\n"]
    for i in range(300):
        r = rnd()
        w = words[r % 10]
        out.append("item%d: &a%d\n" % (i, i))
        out.append("  id: %d\n  hex: 0x%x\n  ratio: %d.%03de-%d\n" % (
            i, r, r % 100, r % 1000, r % 9))
        out.append("  name: %s\n" % (
            '"%s"' % w if r % 3 == 0 else "'%s'" % w.replace("'", "''")))
        out.append("  flags: [%s]\n" % ", ".join(
            ("true", "false", "~", "null", "yes")[(r >> k) % 5]
            for k in range(r % 6)))
        out.append("  map: {a: %d, b: [%d, %d], c: {d: %s}}\n" % (
            r % 7, r % 11, r % 13, "x%d" % (r % 17)))
        out.append("  text: |\n    first %d\n      indented\n    last\n" % i)
        out.append("  folded: >-\n    one %s\n    two\n\n    three\n" % r)
        out.append("  tagged: !!str %d\n  list:\n" % (r % 1000))
        for k in range(r % 5):
            out.append("    - key%d: %d\n      more: [%s]\n" % (
                k, r >> k, ", ".join(str(j) for j in range(k))))
        if i > 0 and r % 4 == 0:
            out.append("  ref: *a%d\n" % (r % i))
        if i % 100 == 99:
            out.append("...\n---\n")
    out.append("last: end\n")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("".join(out))
    os.replace(tmp, path)
    return path


class YamlCpp(DebianProject):
    """yaml-cpp 0.7.0, a C++ YAML parser and emitter: the library (src/,
    src/contrib/, as CMake's default YAML_CPP_BUILD_CONTRIB), its test
    program (test/*.cpp, integration/, node/) and util/parse.cpp. Debian's
    +dfsg tarball drops the bundled gtest-1.10.0: the tests link Debian's
    libgtest-dev/libgmock-dev, as re2's do."""
    name = "yaml-cpp"
    package, version = "yaml-cpp", "0.7.0+dfsg-8"
    orig = "yaml-cpp_0.7.0+dfsg.orig.tar.xz"
    sha256 = "dc63708605404e0b963e0ca3a9619d1c8270eda2839603e6fa0384e5e51e5312"
    program_names = ["yaml-cpp"]
    # The tests link Debian's gtest and gmock archives, native x86-64 ones
    # only (arm64 ones would need dpkg's multiarch).
    targets = ("x86_64",)
    # CMake: CXX_STANDARD 11, but Debian's gtest 1.12 needs C++14; a
    # release build.
    FLAGS = ["-std=c++14", "-DNDEBUG", "-I", "include"]
    TFLAGS = FLAGS + ["-I", "src", "-I", "test", "-I", "test/integration"]
    # gtest's own output without times, so that it is the same on every
    # run (it is not compared: the tests' exit code is the check).
    TEST_ARGS = ["--gtest_print_time=0", "--gtest_brief=1"]

    def units(self, src):
        lib = sorted("src/" + f for f in os.listdir(os.path.join(src, "src"))
                     if f.endswith(".cpp"))
        lib += sorted("src/contrib/" + f for f in
                      os.listdir(os.path.join(src, "src", "contrib"))
                      if f.endswith(".cpp"))
        units = [Unit(f, self.FLAGS, name="yaml_" + os.path.basename(f)[:-4])
                 for f in lib]
        self.lib = [u.name for u in units]
        self.tests = []
        for d in ("test", "test/integration", "test/node"):
            for f in sorted(os.listdir(os.path.join(src, d))):
                if f.endswith(".cpp"):
                    u = Unit(d + "/" + f, self.TFLAGS,
                             name="yamlt_" + f[:-4])
                    units.append(u)
                    self.tests.append(u.name)
        units.append(Unit("util/parse.cpp", self.FLAGS, name="yamlu_parse"))
        return units

    def programs(self, src, ctx):
        # Debian's gmock and gtest without their main(): test/main.cpp has
        # its own.
        libs = [lib for lib in GMOCK if not lib.endswith("_main")]
        tests = Binary("yaml-cpp-tests", self.tests + self.lib, libs,
                       cxx=True)
        parse = Binary("yaml-parse", ["yamlu_parse"] + self.lib, cxx=True)

        def check(ctx, variant, binpath):
            out = test_checks(ctx, binpath, ["yaml-cpp-tests"],
                              ctx.path("work", "yaml-cpp", variant.key),
                              args={"yaml-cpp-tests": self.TEST_ARGS})
            # util/parse loads the document (its first of the stream) and
            # emits it again.
            doc = yaml_input(ctx.path("work", "yaml-cpp-input.yaml"))
            rc, text = run_capture([binpath["yaml-parse"], doc])
            out["parse"] = (rc == 0 and b"item99" in text,
                            (rc, _digest(text)))
            return out

        return [Program(
            "yaml-cpp", [tests, parse], check,
            lambda b, w: ([b["yaml-cpp-tests"]] + self.TEST_ARGS, None),
            text="sum", compare=True,
            describe="yaml-cpp 0.7.0 (%d library sources): its gtest "
            "program (%d sources) and util/parse (.text: their sum)" % (
                len(self.lib), len(self.tests)),
            workload_text="yaml-cpp-tests, its 980 tests (scanner, parser, "
            "emitter, node API, the YAML spec's examples)")]


# The recipes of this module, and where they come in the tables.
ORDER = 420
PROJECTS = [YamlCpp()]
