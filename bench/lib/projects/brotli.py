"""Brotli (Debian)."""

import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest, round_trip as common_round_trip
from projects.zstd import zstd_input


def head_of(path, dest, n):
    """The first n bytes of path in dest (once)."""
    if not os.path.exists(dest):
        with open(path, "rb") as f:
            data = f.read(n)
        with open(dest + ".tmp", "wb") as f:
            f.write(data)
        os.replace(dest + ".tmp", dest)
    return dest


class Brotli(DebianProject):
    """The brotli command line (c/tools/brotli.c) with the encoder,
    decoder and common sources of scripts/sources.lst."""
    name = "brotli"
    package, version = "brotli", "1.0.9-2"
    orig = "brotli_1.0.9.orig.tar.gz"
    sha256 = "f9e8d81d0405ba66d181529af42a3354f838c939095ff99930da6aa9cdf6fe46"
    program_names = ["brotli"]
    # CMakeLists.txt on Linux: its default Release build (NDEBUG), log2
    # from libm, OS_LINUX.
    FLAGS = ["-DNDEBUG", "-DBROTLI_HAVE_LOG2=1", "-DOS_LINUX", "-I",
             "c/include"]
    QUALITY = 9

    def units(self, src):
        files = []
        for d in ("common", "dec", "enc"):
            files += sorted("c/%s/%s" % (d, f) for f in
                            os.listdir(os.path.join(src, "c", d))
                            if f.endswith(".c"))
        files.append("c/tools/brotli.c")
        units = [Unit(f, self.FLAGS, name="brotli_" +
                      f[2:].replace("/", "_")[:-2]) for f in files]
        self.objs = [u.name for u in units]
        return units

    def programs(self, src, ctx):
        def inputs():
            # zstd's generated input, so that the compressors of the
            # corpus compress the same bytes; its first 256 KiB for the
            # slow qualities (10 and 11: the Zopfli-like optimal parser).
            big = zstd_input(ctx.path("work", "zstd-input.bin"))
            small = zstd_input(ctx.path("work", "zstd-input-small.bin"),
                               scale=1 / 3)
            return big, small, head_of(small, ctx.path(
                "work", "zstd-input-256k.bin"), 256 << 10)

        def check(ctx, variant, binpath):
            z = binpath["brotli"]
            big, small, tiny = inputs()
            wd = ctx.path("work", "brotli-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def zrun(argv, stdin=None):
                return run_capture([z] + argv, stdin, cwd=wd)

            def round_trip(name, src_path, cargs, dargs=()):
                return common_round_trip(
                    zrun, wd, out, name, src_path, ".br",
                    [["-f", "-n"] + cargs + ["{src}", "-o", "{packed}"],
                     ["-t"] + list(dargs) + ["{packed}"],
                     ["-f", "-n", "-d"] + list(dargs) +
                      ["{packed}", "-o", "{out}"]])

            # tests/compatibility_test.sh: the shipped compressed files,
            # from a file and from a stream.
            for f in sorted(os.listdir(os.path.join(src, "tests",
                                                    "testdata"))):
                if not f.endswith(".compressed"):
                    continue
                path = os.path.join(src, "tests", "testdata", f)
                with open(path[:-len(".compressed")], "rb") as fh:
                    want = fh.read()
                rc1, t1 = zrun(["-d", "-c", path])
                rc2, t2 = zrun(["-d", "-c"], path)
                out["compatibility-" + f[:-len(".compressed")]] = (
                    rc1 == 0 and rc2 == 0 and t1 == want and t2 == want,
                    (rc1, rc2))
            # Every encoder: the one-pass and two-pass fast ones (0, 1),
            # the hashers of 2-9, window sizes, the optimal parser of 10
            # and 11, the large-window format.
            # (The big input for the fast ones only: under qemu, quality
            # 9 of it takes a minute.)
            for q in range(10):
                round_trip("quality-%d" % q, big if q < 2 else small,
                           ["-q", str(q)])
            round_trip("quality-10", tiny, ["-q", "10"])
            round_trip("quality-11", tiny, ["-q", "11"])
            round_trip("quality-11-lgwin-16", tiny, ["-q", "11", "-w",
                                                     "16"])
            round_trip("quality-7-lgwin-24", small, ["-q", "7", "-w",
                                                     "24"])
            round_trip("quality-5-lgwin-10", small, ["-q", "5", "-w",
                                                     "10"])
            round_trip("large-window-26", small, ["-q", "5",
                                                  "--large_window=26"],
                       ["--large_window=26"])
            # tests/roundtrip_test.sh's streams.
            rc1, t1 = zrun(["-c", "-q", "6"], small)
            c = os.path.join(wd, "stream.br")
            with open(c, "wb") as f:
                f.write(t1)
            rc2, t2 = zrun(["-d", "-c"], c)
            with open(small, "rb") as f:
                same = t2 == f.read()
            out["stream"] = (rc1 == 0 and rc2 == 0 and same,
                             (rc1, rc2, len(t1), _digest(t1)))
            # A truncated stream must fail, the same way (brotli has no
            # checksum: a damaged byte may well decode).
            with open(c, "wb") as f:
                f.write(t1[:len(t1) // 2])
            rc3, t3 = zrun(["-d", "-c", "stream.br"])
            out["truncated"] = (rc3 not in (0, "timeout"),
                                (rc3, len(t3), _digest(t3)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            _, small, _ = inputs()
            return ([binpath["brotli"], "-c", "-q", str(self.QUALITY),
                     small], None)

        return [Program(
            "brotli", [Binary("brotli", self.objs, ["-lm"])], check,
            workload, compare=True,
            describe="the brotli 1.0.9 command line (%d sources of "
            "c/common, c/dec, c/enc and c/tools/brotli.c)" % len(self.objs),
            workload_text="brotli -q %d of zstd's generated 2.1 MB mix of "
            "log lines, binary records and random bytes; checks: "
            "tests/compatibility_test.sh, round trips at every quality, "
            "window sizes, large windows, streams" % self.QUALITY)]


# The recipes of this module, and where they come in the tables.
ORDER = 220
PROJECTS = [Brotli()]
