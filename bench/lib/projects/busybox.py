"""BusyBox (Debian): a multi-call binary of some 400 small tools, running
a shell script of ours that uses many of them."""

import os
import re
import shutil
import subprocess

from debsrc import DebianProject
from harness import BenchError, Binary, Program, Unit, log, run_capture
from projects.common import CORPUS, _digest

# Beside make defconfig: the shell runs applets as applets (not the host's
# programs of the same names, whatever PATH holds), the small ones in its
# own process (NOFORK), some in a child without exec (NOEXEC), the others
# by executing busybox again, from BUSYBOX_EXEC_PATH: ./busybox, a link in
# the working directory (the default, /proc/self/exe, is valgrind's own
# executable under valgrind, which then refuses to run).
CONFIG = {"CONFIG_FEATURE_PREFER_APPLETS": "y",
          "CONFIG_FEATURE_SH_STANDALONE": "y",
          "CONFIG_FEATURE_SH_NOFORK": "y",
          "CONFIG_BUSYBOX_EXEC_PATH": '"./busybox"'}


def workdir_for(binary, wd):
    """wd made ready for busybox: ./busybox, a link to the binary, for its
    re-executions, and a .valgrindrc that makes callgrind follow them
    (valgrind reads the one of its working directory): the instructions
    then count the applets that run in processes of their own too (sed,
    grep, tr, gzip...), which would otherwise run uncounted."""
    os.makedirs(wd, exist_ok=True)
    link = os.path.join(wd, "busybox")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(binary, link)
    with open(os.path.join(wd, ".valgrindrc"), "w") as f:
        f.write("--trace-children=yes\n")
    return wd


def _make(src, args, what):
    r = subprocess.run(["make"] + args, cwd=src, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode:
        raise BenchError("busybox: make %s (%s) failed:\n%s" % (
            " ".join(args), what, r.stdout.decode(errors="replace")[-3000:]))
    return r.stdout.decode(errors="replace")


class Busybox(DebianProject):
    """BusyBox 1.35.0 in make defconfig's configuration (with the shell's
    standalone mode, CONFIG above): every object of its link,
    bench/corpus/busybox/workload.sh as the workload, run in a directory
    of its own."""
    name = "busybox"
    package, version = "busybox", "1:1.35.0-4+deb12u1"
    orig = "busybox_1.35.0.orig.tar.bz2"
    sha256 = "faeeb244c35a348a334f4a59e44626ee870fb07b6884d68c10ae8bc19f83a694"
    program_names = ["busybox"]
    # Not aarch64: the applets that busybox runs by executing itself again
    # would need the kernel to run an arm64 executable (binfmt_misc and
    # qemu), which this machine does not have; qemu-aarch64 runs the first
    # process only.
    targets = ("x86_64",)
    # Makefile and Makefile.flags: CPPFLAGS and the CFLAGS that change what
    # the code means (the others tune GCC's -Os: alignment, inlining,
    # sections, unwind tables). Kbuild adds KBUILD_BASENAME and
    # KBUILD_MODNAME per object.
    FLAGS = ["-std=gnu99", "-Iinclude", "-Ilibbb",
             "-include", "include/autoconf.h", "-D_GNU_SOURCE", "-DNDEBUG",
             "-D_LARGEFILE_SOURCE", "-D_LARGEFILE64_SOURCE",
             "-D_FILE_OFFSET_BITS=64", '-DBB_VER="1.35.0"',
             "-funsigned-char", "-fno-builtin-strlen", "-fno-builtin-printf"]
    # Makefile.flags' LDLIBS for this configuration: libm (awk, dc), librt,
    # libresolv (nslookup); no libcrypt (CONFIG_USE_BB_CRYPT).
    LIBS = ["-lm", "-lresolv", "-lrt"]
    SCALE = 4000

    def setup(self, root):
        """BusyBox's build generates headers (include/autoconf.h from the
        configuration, the applet tables, the compressed usage texts) and
        its Kbuild files (from the sources' //kbuild: lines): made once in
        a copy of the unpacked source with its own make (defconfig, our CONFIG,
        oldconfig, prepare, which also compiles applets/applets.o with the
        host's gcc, unused). `make -n` then gives the objects of the link:
        the members of every directory's lib.a and applets/applets.o."""
        # Its make cannot work in the unpacked source, whose directory name
        # has the Debian epoch's colon (a make pattern's character): a copy
        # beside it, made once.
        build = os.path.join(os.path.dirname(os.path.dirname(root)),
                             "busybox-%s-bench" % self.version.split(":")[-1])
        done = os.path.join(build, ".bench-objects")
        if os.path.exists(done):
            return build
        shutil.rmtree(build, ignore_errors=True)
        shutil.copytree(root, build, symlinks=True)
        root = build
        log("[%s] make defconfig, prepare (generated headers)" % self.name)
        _make(root, ["defconfig"], "the configuration")
        path = os.path.join(root, ".config")
        with open(path) as f:
            text = f.read()
        for key, value in CONFIG.items():
            text, n = re.subn(r"^(# %s is not set|%s=.*)$" % (key, key),
                              "%s=%s" % (key, value), text, flags=re.M)
            if n != 1:
                raise BenchError("busybox: %s not in .config" % key)
        with open(path, "w") as f:
            f.write(text)
        r = subprocess.run(["make", "oldconfig"], cwd=root,
                           input=b"\n" * 200, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        if r.returncode:
            raise BenchError("busybox: make oldconfig failed:\n" +
                             r.stdout.decode(errors="replace")[-3000:])
        _make(root, ["prepare"], "the generated headers")
        plan = _make(root, ["-n", "V=1"], "the list of objects")
        objs = []
        for m in re.finditer(r"echo '\s*rm -f (\S+)/lib\.a; ar\s+rcs "
                             r"\S+/lib\.a([^']*)'", plan):
            for o in m.group(2).split():
                if o not in objs:
                    objs.append(o)
        m = re.search(r"-r -o applets/built-in\.o ([^';]*)", plan)
        if not m or len(objs) < 100:
            raise BenchError("busybox: make -n gave no list of objects")
        objs = m.group(1).split() + objs
        with open(done + ".tmp", "w") as f:
            f.write("".join(o + "\n" for o in objs))
        os.replace(done + ".tmp", done)
        return build

    def units(self, src):
        with open(os.path.join(src, ".bench-objects")) as f:
            objs = f.read().split()
        units = []
        for o in objs:
            base = os.path.basename(o)[:-2]
            units.append(Unit(o[:-2] + ".c", self.FLAGS + [
                '-DKBUILD_BASENAME="%s"' % base,
                '-DKBUILD_MODNAME="%s"' % base],
                name="bb_" + o[:-2].replace("/", "_")))
        self.main = units[0].name
        self.lib = [u.name for u in units[1:]]
        return units

    def archives(self):
        # The directories' lib.a, as one archive: the linker takes the
        # members the applets need.
        return {"busybox": self.lib}

    def programs(self, src, ctx):
        script = os.path.join(CORPUS, "busybox", "workload.sh")
        runs = [("workload-500", "500"), ("workload-%d" % self.SCALE,
                                          str(self.SCALE))]

        def check(ctx, variant, binpath):
            out = {}
            for name, scale in runs:
                wd = ctx.path("work", "busybox-check", variant.key, name)
                shutil.rmtree(wd, ignore_errors=True)
                workdir_for(binpath["busybox"], wd)
                rc, text = run_capture([binpath["busybox"], "sh", script,
                                        scale], cwd=wd)
                out[name] = (rc == 0 and b"\nmd5-all " in text,
                             (rc, _digest(text)))
                shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, wd):
            workdir_for(binpath["busybox"], wd)
            return [binpath["busybox"], "sh", script, str(self.SCALE)], None

        return [Program(
            "busybox", [Binary("busybox", [self.main, "lib:busybox"],
                               self.LIBS)],
            check, workload,
            compare=True,
            describe="BusyBox 1.35.0, make defconfig with the shell's "
            "standalone mode (%d objects)" % (len(self.lib) + 1),
            workload_text="busybox sh bench/corpus/busybox/workload.sh "
            "%d: awk, sort, sed, grep, tr, cut, join, diff, the sha and "
            "md5 sums, gzip, bzip2, lzop, tar, cpio, dc, bc and the shell "
            "on generated records" % self.SCALE)]


# The recipes of this module, and where they come in the tables.
ORDER = 440
PROJECTS = [Busybox()]
