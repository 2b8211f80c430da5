"""bzip2 (Debian)."""

import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest, file_digest
from projects.zstd import zstd_input


class Bzip2(DebianProject):
    """The bzip2 command line (Burrows-Wheeler block sorting, Huffman
    coding) and bzip2recover."""
    name = "bzip2"
    package, version = "bzip2", "1.0.8-5"
    orig = "bzip2_1.0.8.orig.tar.gz"
    sha256 = "ab5a03176ee106d3f0fa90e381da478ddae405918153cca248e682cd0c4a2269"
    program_names = ["bzip2"]
    # The Makefile's CFLAGS but -O2 -g: large files. bzip2 has no NDEBUG
    # build: its own assertions (AssertH) are always on.
    FLAGS = ["-D_FILE_OFFSET_BITS=64"]
    # The Makefile's OBJS: libbz2.a.
    LIB = ["blocksort", "huffman", "crctable", "randtable", "compress",
           "decompress", "bzlib"]
    # The Makefile's test target: bzip2 -N < sampleK.ref must give the
    # shipped sampleK.bz2 byte for byte, and back.
    SAMPLES = [("sample1", "-1", "-d"), ("sample2", "-2", "-d"),
               ("sample3", "-3", "-ds")]

    def units(self, src):
        return [Unit(f + ".c", self.FLAGS, name="bz_" + f)
                for f in self.LIB + ["bzip2", "bzip2recover"]]

    def programs(self, src, ctx):
        lib = ["bz_" + f for f in self.LIB]

        def inputs():
            # zstd's generated input, so that the compressors of the
            # corpus compress the same bytes.
            return (zstd_input(ctx.path("work", "zstd-input.bin")),
                    zstd_input(ctx.path("work", "zstd-input-small.bin"),
                               scale=1 / 3))

        def check(ctx, variant, binpath):
            bz = binpath["bzip2"]
            big, small = inputs()
            wd = ctx.path("work", "bzip2-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}
            for name, clevel, dflags in self.SAMPLES:
                ref = os.path.join(src, name + ".ref")
                bz2 = os.path.join(src, name + ".bz2")
                rc1, t1 = run_capture([bz, clevel], ref)
                rc2, t2 = run_capture([bz, dflags], bz2)
                with open(ref, "rb") as f:
                    same_d = t2 == f.read()
                with open(bz2, "rb") as f:
                    same_c = t1 == f.read()
                out["test-" + name] = (rc1 == 0 and rc2 == 0 and same_c and
                                       same_d, (rc1, rc2, _digest(t1)))
            # Generated input through files, both ways; -s: the
            # decompressor's small-memory mode.
            for name, path, cargs, dargs in (
                    ("level-1", big, ["-1"], []),
                    ("level-9", big, ["-9"], []),
                    ("level-9-small-memory", small, ["-9"], ["-s"]),
                    ("level-5", small, ["-5"], [])):
                f = os.path.join(wd, name)
                shutil.copyfile(path, f)
                # Relative names: -v prints them, and wd is the variant's.
                rc1, t1 = run_capture([bz, "-f", "-v"] + cargs + [name],
                                      cwd=wd)
                c = f + ".bz2"
                size = os.path.getsize(c) if os.path.exists(c) else None
                digest = file_digest(c) if size else None
                rc2, t2 = run_capture([bz, "-t", c], cwd=wd)
                rc3, t3 = run_capture([bz, "-d", "-f"] + dargs + [c], cwd=wd)
                ok = rc1 == 0 and rc2 == 0 and rc3 == 0 and \
                    os.path.exists(f) and file_digest(f) == file_digest(path)
                # -v prints the ratios: part of what must not change.
                out[name] = (ok, (rc1, rc2, rc3, size, digest, _digest(t1)))
                for g in (f, c):
                    if os.path.exists(g):
                        os.remove(g)
            # bzip2recover: a 100k-block file damaged in one block; every
            # block it writes out but the damaged one must test good.
            f = os.path.join(wd, "damaged")
            shutil.copyfile(small, f)
            rc1, _ = run_capture([bz, "-1", "-f", f], cwd=wd)
            c = f + ".bz2"
            with open(c, "r+b") as fh:
                fh.seek(os.path.getsize(c) // 2)
                b = fh.read(1)
                fh.seek(-1, 1)
                fh.write(bytes([b[0] ^ 0x55]))
            rc2, _ = run_capture([bz, "-t", c], cwd=wd)
            rc3, t3 = run_capture([binpath["bzip2recover"], "damaged.bz2"],
                                  cwd=wd)
            # It names itself by argv[0], the variant's path.
            t3 = t3.replace(binpath["bzip2recover"].encode(), b"bzip2recover")
            recs = sorted(g for g in os.listdir(wd) if g.startswith("rec"))
            good = 0
            for g in recs:
                rc, _ = run_capture([bz, "-t", g], cwd=wd)
                good += rc == 0
            out["bzip2recover"] = (
                rc1 == 0 and rc2 != 0 and rc3 == 0 and
                good == len(recs) - 1 and good > 10,
                (rc1, rc2, rc3, len(recs), good, _digest(t3)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            _, small = inputs()
            return ([binpath["bzip2"], "-9", "-c", small], None)

        return [Program(
            "bzip2", [Binary("bzip2", lib + ["bz_bzip2"]),
                      Binary("bzip2recover", ["bz_bzip2recover"])],
            check, workload, compare=True,
            describe="bzip2 1.0.8 (%d libbz2 sources and bzip2.c; "
            "bzip2recover beside it for the checks)" % len(lib),
            workload_text="bzip2 -9 of zstd's generated 2.1 MB mix of log "
            "lines, binary records and random bytes; checks: the "
            "Makefile's test (sample1-3 both ways), round trips, "
            "bzip2recover")]


# The recipes of this module, and where they come in the tables.
ORDER = 200
PROJECTS = [Bzip2()]
