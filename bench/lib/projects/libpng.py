"""libpng 1.6 (Debian), with zlib (Debian's) built in."""

import os
import shutil

from debsrc import DebianProject, fetch
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest


class Zlib(DebianProject):
    """The zlib libpng links: compiled from Debian's source package as
    units of ours, so that it is bitcode as libpng is and builds for
    every target without a cross zlib. Not a project of the tables:
    Libpng fetches it beside libpng's own tarball."""
    name = "libpng"
    package, version = "zlib", "1:1.2.13.dfsg-1"
    orig = "zlib_1.2.13.dfsg.orig.tar.bz2"
    sha256 = "71feb7947e3c00ef125f83b79a4e529bde31171e5babe48b391f06758d1ab0a1"


# OBJZ and OBJG of zlib's Makefile.in; the defines its configure finds on
# glibc (it writes the HAVE_ ones into zconf.h).
ZLIB_SOURCES = ["adler32", "crc32", "deflate", "infback", "inffast",
                "inflate", "inftrees", "trees", "zutil", "compress",
                "uncompr", "gzclose", "gzlib", "gzread", "gzwrite"]
ZLIB_FLAGS = ["-D_LARGEFILE64_SOURCE=1", "-DHAVE_HIDDEN", "-DHAVE_UNISTD_H",
              "-DHAVE_STDARG_H"]

# libpng16_la_SOURCES of Makefile.am, without the per-architecture
# filter code (arm/, intel/, mips/, powerpc/): off, the portable C
# filters on every target.
PNG_SOURCES = ["png", "pngerror", "pngget", "pngmem", "pngpread", "pngread",
               "pngrio", "pngrtran", "pngrutil", "pngset", "pngtrans",
               "pngwio", "pngwrite", "pngwtran", "pngwutil"]
PNG_FLAGS = ["-I", ".", "-I", "zlib", "-DPNG_ARM_NEON_OPT=0",
             "-DPNG_INTEL_SSE_OPT=0", "-DPNG_MIPS_MSA_OPT=0",
             "-DPNG_POWERPC_VSX_OPT=0"]
# check_PROGRAMS of Makefile.am that the checks run.
TESTS = {"pngtest": "pngtest.c",
         "pngvalid": "contrib/libtests/pngvalid.c",
         "pngstest": "contrib/libtests/pngstest.c",
         "pngimage": "contrib/libtests/pngimage.c",
         "pngunknown": "contrib/libtests/pngunknown.c"}

# tests/pngvalid-*: a share of them (the rest are the same code paths
# over more images, seconds each natively).
PNGVALID = [["--strict", "--standard"],
            ["--strict", "--progressive-read", "--interlace", "--standard"],
            ["--strict", "--gamma-threshold"],
            ["--strict", "--gamma-16-to-8"],
            ["--strict", "--gamma-transform"],
            ["--strict", "--gamma-background"]]
# tests/pngunknown-*.
PNGUNKNOWN = {"IDAT": ["default=discard", "IDAT=save"],
              "discard": ["default=discard"],
              "if-safe": ["default=if-safe"],
              "sAPI": ["bKGD=save", "cHRM=save", "gAMA=save", "all=discard",
                       "iCCP=save", "sBIT=save", "sRGB=save", "eXIf=save"],
              "sTER": ["sTER=if-safe"],
              "save": ["default=save"],
              "vpAg": ["vpAg=if-safe"]}
# tests/pngstest-*: one image of each gamma and kind of alpha (pngstest
# takes half a second an image natively).
PNGSTEST = ["gray-4-sRGB-tRNS", "palette-8-linear", "rgb-16-1.8",
            "gray-alpha-8", "rgb-alpha-16-sRGB"]


class Libpng(DebianProject):
    """libpng 1.6 and the test programs of its own `make check`."""
    name = "libpng"
    package, version = "libpng1.6", "1.6.39-2+deb12u5"
    orig = "libpng1.6_1.6.39.orig.tar.gz"
    sha256 = "a00e9d2f2f664186e4202db9299397f851aea71b36a35e74910b8820e380d441"
    program_names = ["libpng"]
    WORKLOAD = ["--strict", "--standard"]

    def fetch_source(self, ctx):
        src = fetch(ctx, self)
        zlib = fetch(ctx, Zlib())
        dest = os.path.join(src, "zlib")
        if not os.path.exists(os.path.join(dest, "zlib.h")):
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(zlib, dest)
        # The build's pnglibconf.h: libpng's default configuration, which
        # scripts/pnglibconf.h.prebuilt is.
        conf = os.path.join(src, "pnglibconf.h")
        if not os.path.exists(conf):
            shutil.copyfile(os.path.join(src, "scripts",
                                         "pnglibconf.h.prebuilt"),
                            conf + ".tmp")
            os.replace(conf + ".tmp", conf)
        return src

    def archives(self):
        return {"png": ["png_" + f for f in PNG_SOURCES],
                "z": ["z_" + f for f in ZLIB_SOURCES]}

    def units(self, src):
        units = [Unit("zlib/%s.c" % f, ZLIB_FLAGS, name="z_" + f)
                 for f in ZLIB_SOURCES]
        units += [Unit("%s.c" % f, PNG_FLAGS, name="png_" + f)
                  for f in PNG_SOURCES]
        units += [Unit(path, PNG_FLAGS, name="test_" + t)
                  for t, path in TESTS.items()]
        return units

    def programs(self, src, ctx):
        def check(ctx, variant, binpath):
            wd = ctx.path("work", "libpng-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def trun(t, argv, cwd=src):
                # From the source directory, with relative names: what
                # they print names them. The variant's directory is
                # named WD.
                rc, text = run_capture([binpath[t]] + argv, cwd=cwd)
                return rc, text.replace(wd.encode(), b"WD")

            def written(path):
                if not os.path.exists(path):
                    return None
                with open(path, "rb") as f:
                    return _digest(f.read())

            # tests/pngtest-all, then pngtest through every image of
            # the PNG suite (read, written back, compared).
            # (With an option, pngtest takes a second name for another
            # input: it writes pngout.png in the work directory.)
            rc, t = trun("pngtest", ["--strict", os.path.join(
                src, "pngtest.png")], cwd=wd)
            out["pngtest"] = (rc == 0 and b"libpng passes test" in t,
                              (rc, _digest(t),
                               written(os.path.join(wd, "pngout.png"))))
            for f, mode, ok_rc in (("badcrc", "--relaxed", 0),
                                   ("badadler", "--relaxed", 0),
                                   ("bad_iCCP", "--xfail", 0),
                                   ("empty_ancillary_chunks", "--xfail", 0),
                                   ("huge_IDAT", "--xfail", 0)):
                # As the script runs them: pngout.png written in the
                # work directory.
                rc, t = trun("pngtest", [mode, os.path.join(
                    src, "contrib", "testpngs", "crashers", f + ".png")],
                    cwd=wd)
                out["pngtest-" + f] = (rc == ok_rc, (rc, _digest(t)))
            suite = sorted(f for f in os.listdir(os.path.join(
                src, "contrib", "pngsuite")) if f.endswith(".png"))
            results, bad = [], []
            for f in suite:
                o = os.path.join(wd, "suite.png")
                rc, t = trun("pngtest", ["contrib/pngsuite/" + f, o])
                results.append((f, rc, _digest(t), written(o)))
                if rc != 0:
                    bad.append(f)
            out["pngtest-pngsuite"] = (not bad and len(suite) > 40,
                                       (bad, _digest(repr(results)
                                                     .encode())))
            for argv in PNGVALID:
                rc, t = trun("pngvalid", argv)
                out["pngvalid" + "".join(a[1:] for a in argv
                                          if a != "--strict")] = (
                    rc == 0 and b"PASS" in t, (rc, _digest(t)))
            for name, argv in PNGUNKNOWN.items():
                rc, t = trun("pngunknown", ["--strict"] + argv +
                             ["pngtest.png"])
                out["pngunknown-" + name] = (rc == 0, (rc, _digest(t)))
            # tests/pngimage-quick: every image of the PNG suite through
            # the read transforms.
            rc, t = trun("pngimage", ["--list-combos", "--log"] + [
                "contrib/pngsuite/" + f for f in suite])
            out["pngimage"] = (rc == 0, (rc, _digest(t)))
            # Its temporary files in the work directory: --tmpfile takes
            # a short prefix (22 characters at most).
            rc, t = trun("pngstest", ["--tmpfile", "s-", "--log"] + [
                os.path.join(src, "contrib", "testpngs", f + ".png")
                for f in PNGSTEST], cwd=wd)
            out["pngstest"] = (rc == 0, (rc, _digest(t)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            return ([binpath["pngvalid"]] + self.WORKLOAD, None)

        libs = ["lib:png", "lib:z"]
        return [Program(
            "libpng", [Binary(t, ["test_" + t] + libs, ["-lm"]) for t in
                       ["pngvalid"] + [t for t in TESTS if t != "pngvalid"]],
            check, workload, compare=True,
            describe="libpng 1.6.39 (%d sources) with zlib 1.2.13 (%d "
            "sources), linked into the test programs of its make check "
            "(%s; .text: pngvalid's)" % (len(PNG_SOURCES),
                                         len(ZLIB_SOURCES),
                                         ", ".join(sorted(TESTS))),
            workload_text="pngvalid %s: every standard image format "
            "written and read back; checks: "
            "tests/pngtest-all, pngtest over the PNG suite, pngvalid, "
            "pngunknown, pngimage and pngstest runs of tests/" %
            " ".join(self.WORKLOAD))]


# The recipes of this module, and where they come in the tables.
ORDER = 240
PROJECTS = [Libpng()]
