"""zstd (Debian)."""

import hashlib
import os
import shutil
import struct

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import (
    _digest,
    file_digest,
    round_trip as common_round_trip,
    xorshift32)


def zstd_input(path, scale=1):
    """Something to compress, the same bytes on every run: log lines,
    binary records, incompressible bytes, and a third of the log again,
    slightly changed, megabytes later (long-distance matches)."""
    if os.path.exists(path):
        return path
    rnd = xorshift32()
    verbs = ["GET", "GET", "GET", "POST", "PUT", "DELETE"]
    paths = ["/api/v1/items", "/api/v1/users", "/static/app.js",
             "/healthz", "/api/v2/orders", "/login"]
    lines = []
    for i in range(int(40000 * scale)):
        r = rnd()
        lines.append("2024-03-%02d %02d:%02d:%02d host%d app[%d]: %s %s/%d "
                     "status=%d bytes=%d ms=%d.%03d\n" % (
                         1 + i // 20000 % 28, i // 900 % 24, i // 15 % 60,
                         i % 60, r % 7, 1000 + r % 97, verbs[r % 6],
                         paths[(r >> 3) % 6], (r >> 5) % 5000,
                         (200, 200, 200, 304, 404, 500)[(r >> 9) % 6],
                         (r >> 11) % 100000, (r >> 7) % 900, r % 1000))
    text = "".join(lines).encode()
    rec = bytearray()
    for i in range(int(60000 * scale)):
        r = rnd()
        rec += struct.pack("<IHhfQ", i, r % 1000, (r >> 16) % 200 - 100,
                           (i % 1000) / 8.0, i * 2654435761 % (1 << 40))
    noise = b"".join(hashlib.sha256(b"noise%d" % i).digest()
                     for i in range(int(8192 * scale)))
    again = bytearray(text[:len(text) // 3])
    for i in range(0, len(again), 4099):
        again[i] = 0x30 + i % 10
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(text + bytes(rec) + noise + bytes(again))
    os.replace(tmp, path)
    return path


def zstd_samples(dirpath, n=400):
    """Small JSON records, one a file: a training set for dictionaries."""
    if os.path.exists(os.path.join(dirpath, ".done")):
        return sorted(os.path.join(dirpath, f) for f in os.listdir(dirpath)
                      if f.endswith(".json"))
    os.makedirs(dirpath, exist_ok=True)
    names = ["ada", "grace", "alan", "edsger", "barbara", "ken", "dennis",
             "niklaus", "donald", "john"]
    out = []
    for i in range(n):
        p = os.path.join(dirpath, "rec%04d.json" % i)
        with open(p, "w") as f:
            f.write('{"id": %d, "user": "%s", "email": "%s%d@example.org", '
                    '"active": %s, "score": %d.%d, "tags": ["%s", "%s"], '
                    '"address": {"city": "%s", "zip": "%05d"}, "history": '
                    '[%s]}\n' % (
                        i, names[i % 10], names[(i * 3) % 10], i,
                        "true" if i % 3 else "false", i * 7 % 100, i % 10,
                        names[i % 4], names[(i + 5) % 7],
                        ["Zurich", "Lyon", "Porto", "Graz"][i % 4],
                        i * 37 % 100000,
                        ", ".join(str(i * k % 97) for k in range(i % 9))))
        out.append(p)
    open(os.path.join(dirpath, ".done"), "w").close()
    return out


class Zstd(DebianProject):
    """The zstd command-line program and the libzstd it is built from."""
    name = "zstd"
    package, version = "libzstd", "1.5.4+dfsg2-5"
    orig = "libzstd_1.5.4+dfsg2.orig.tar.xz"
    sha256 = "8cf4bbb65e77ec348d052c8d6230eba66d435bddf64c8b5be2fcb16880c19953"
    program_names = ["zstd"]
    # programs/Makefile's zstd: threads, legacy frames v0.5 to v0.7; no
    # zlib, lzma or lz4 formats. Without the x86-64 assembly of the Huffman
    # decoder (ZSTD_DISABLE_ASM, its C version instead): the same code on
    # every target, and all of it bitcode.
    FLAGS = ["-DXXH_NAMESPACE=ZSTD_", "-DDEBUGLEVEL=0",
             "-DZSTD_LEGACY_SUPPORT=5", "-DZSTD_MULTITHREAD",
             "-DZSTD_DISABLE_ASM", "-pthread"]
    LEVEL = 19

    def units(self, src):
        files = []
        for d in ("lib/common", "lib/compress", "lib/decompress",
                  "lib/dictBuilder", "programs"):
            files += sorted(d + "/" + f for f in
                            os.listdir(os.path.join(src, d))
                            if f.endswith(".c"))
        files += ["lib/legacy/zstd_v0%d.c" % v for v in (5, 6, 7)]
        units = [Unit(f, self.FLAGS) for f in files]
        self.objs = [u.name for u in units]
        self.nlib = sum(1 for f in files if f.startswith("lib/"))
        return units

    def programs(self, src, ctx):
        def inputs(ctx):
            big = zstd_input(ctx.path("work", "zstd-input.bin"))
            small = zstd_input(ctx.path("work", "zstd-input-small.bin"),
                               scale=1 / 3)
            return big, small

        def check(ctx, variant, binpath):
            z = binpath["zstd"]
            big, small = inputs(ctx)
            samples = zstd_samples(ctx.path("work", "zstd-samples"))
            wd = ctx.path("work", "zstd-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def zrun(argv, stdin=None):
                return run_capture([z] + argv, stdin, cwd=wd)

            def round_trip(name, src_path, cargs, dargs=()):
                return common_round_trip(
                    zrun, wd, out, name, src_path, ".zst",
                    [["-q", "-f"] + cargs + ["{src}", "-o", "{packed}"],
                     ["-q", "-f", "-d"] + list(dargs) +
                      ["{packed}", "-o", "{out}"]])

            round_trip("level-1", big, ["-1"])
            round_trip("level-3", big, ["-3"])
            round_trip("level-9", big, ["-9"])
            round_trip("fast-4", big, ["--fast=4"])
            round_trip("threads-2", big, ["-T2", "-6"])
            round_trip("long-25", big, ["--long=25", "-5"], ["--long=25"])
            round_trip("level-%d" % self.LEVEL, small,
                       ["--single-thread", "-%d" % self.LEVEL])
            round_trip("patch-from", big, ["--patch-from=" + small, "-3"],
                       ["--patch-from=" + small])
            # Streams: stdin to stdout both ways, and the frame's test.
            c = os.path.join(wd, "stream.zst")
            rc1, t1 = zrun(["-q", "-c", "-7"], big)
            with open(c, "wb") as f:
                f.write(t1)
            rc2, t2 = zrun(["-q", "-d", "-c"], c)
            rc3, t3 = zrun(["-q", "-t", c])
            with open(big, "rb") as f:
                same = t2 == f.read()
            out["stream"] = (rc1 == 0 and rc2 == 0 and rc3 == 0 and same,
                             (rc1, rc2, rc3, len(t1), _digest(t1)))
            # Relative: the listing names the file, whose directory is
            # the variant's.
            rc, t = zrun(["-l", "-v", os.path.basename(c)])
            out["list"] = (rc == 0, (rc, _digest(t)))
            # A dictionary trained on small records, then every record
            # compressed with it and back.
            dic = os.path.join(wd, "dict")
            cdir, ddir = os.path.join(wd, "c"), os.path.join(wd, "d")
            # zstd 1.5.4 crashes (SIGSEGV in setvbuf) when the directory
            # of --output-dir-flat does not exist.
            os.makedirs(cdir)
            os.makedirs(ddir)
            rc1, t1 = zrun(["-q", "-f", "--train-fastcover=k=200,d=8",
                            "--maxdict=4096"] + samples + ["-o", dic])
            rc2, t2 = zrun(["-q", "-f", "-D", dic, "-19",
                            "--output-dir-flat", cdir] + samples)
            cfiles = sorted(os.path.join(cdir, f) for f in
                            os.listdir(cdir)) if os.path.isdir(cdir) else []
            rc3, t3 = zrun(["-q", "-f", "-d", "-D", dic, "--output-dir-flat",
                            ddir] + cfiles)
            ok = rc1 == 0 and rc2 == 0 and rc3 == 0 and \
                len(cfiles) == len(samples) and all(
                    file_digest(os.path.join(ddir, os.path.basename(s))) ==
                    file_digest(s) for s in samples)
            out["dictionary"] = (ok, (rc1, rc2, rc3, file_digest(dic)
                                      if os.path.exists(dic) else None,
                                      sum(os.path.getsize(f)
                                          for f in cfiles)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            _, small = inputs(ctx)
            return ([binpath["zstd"], "-q", "-f", "--single-thread",
                     "-%d" % self.LEVEL, small, "-o",
                     os.path.join(workdir, "w.zst")], None)

        return [Program(
            "zstd", [Binary("zstd", self.objs, ["-pthread"])], check,
            workload, compare=True,
            describe="the zstd 1.5.4 command line (%d libzstd sources, "
            "%d of programs/)" % (self.nlib, len(self.objs) - self.nlib),
            workload_text="zstd -%d --single-thread of a generated 2.1 MB "
            "mix of log lines, binary records and random bytes" %
            self.LEVEL)]


# The recipes of this module, and where they come in the tables.
ORDER = 70
PROJECTS = [Zstd()]
