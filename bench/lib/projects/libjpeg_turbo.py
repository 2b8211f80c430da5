"""libjpeg-turbo (Debian), without its SIMD code."""

import hashlib
import os
import re
import shutil

from debsrc import DebianProject, write_if_changed
from harness import Binary, Program, Unit, run_capture

VERSION = "2.1.5"
# What CMakeLists.txt sets for its configured headers on Linux with our
# options: libjpeg v6b's API (its default), arithmetic coding both ways,
# no SIMD (WITH_SIMD=0: the C paths, jsimd_none.c, on every target).
# BUILD is a date by default (string(TIMESTAMP)); a fixed one here, so
# that what -version prints does not depend on the day.
CONFIG = {
    "JPEG_LIB_VERSION": "62", "VERSION": VERSION,
    "LIBJPEG_TURBO_VERSION_NUMBER": "2001005", "BITS_IN_JSAMPLE": "8",
    "BUILD": "20230128", "INLINE": "__inline__ __attribute__((always_inline))",
    "THREAD_LOCAL": "__thread", "CMAKE_PROJECT_NAME": "libjpeg-turbo",
    "SIZE_T": "8", "COPYRIGHT_YEAR": "1991-2023"}
DEFINED = {"C_ARITH_CODING_SUPPORTED", "D_ARITH_CODING_SUPPORTED",
           "MEM_SRCDST_SUPPORTED", "HAVE_BUILTIN_CTZL"}

# JPEG_SOURCES of CMakeLists.txt with arithmetic coding, and the simd
# library of a build without SIMD.
JPEG_SOURCES = """jcapimin jcapistd jccoefct jccolor jcdctmgr jchuff jcicc
jcinit jcmainct jcmarker jcmaster jcomapi jcparam jcphuff jcprepct jcsample
jctrans jdapimin jdapistd jdatadst jdatasrc jdcoefct jdcolor jddctmgr jdhuff
jdicc jdinput jdmainct jdmarker jdmaster jdmerge jdphuff jdpostct jdsample
jdtrans jerror jfdctflt jfdctfst jfdctint jidctflt jidctfst jidctint jidctred
jquant1 jquant2 jutils jmemmgr jmemnobs jaricom jcarith jdarith
jsimd_none""".split()
# cjpeg-static, djpeg-static, jpegtran-static of CMakeLists.txt (8-bit).
PROGRAMS = {
    "cjpeg": ["cjpeg", "cdjpeg", "rdgif", "rdppm", "rdswitch", "rdbmp",
              "rdtarga"],
    "djpeg": ["djpeg", "cdjpeg", "rdcolmap", "rdswitch", "wrgif", "wrppm",
              "wrbmp", "wrtarga"],
    "jpegtran": ["jpegtran", "cdjpeg", "rdswitch", "transupp"]}
PROGRAM_FLAGS = ["-DBMP_SUPPORTED", "-DGIF_SUPPORTED", "-DPPM_SUPPORTED",
                 "-DTARGA_SUPPORTED"]

# add_bittest() of CMakeLists.txt (8-bit, arithmetic coding on, no float
# DCT: its expected sums depend on the FPU and compiler): program, test,
# arguments, output, input (T/: testimages/; else an earlier output) and
# the MD5_ variable holding the output's expected md5sum.
BITTESTS = [
    ("cjpeg", "rgb-islow", "-rgb -dct int -icc T/test1.icc",
     "testout_rgb_islow.jpg", "T/testorig.ppm", "MD5_JPEG_RGB_ISLOW"),
    ("djpeg", "rgb-islow", "-dct int -ppm -icc testout_rgb_islow.icc",
     "testout_rgb_islow.ppm", "testout_rgb_islow.jpg", "MD5_PPM_RGB_ISLOW"),
    ("djpeg", "rgb-islow-565", "-dct int -rgb565 -dither none -bmp",
     "testout_rgb_islow_565.bmp", "testout_rgb_islow.jpg",
     "MD5_BMP_RGB_ISLOW_565"),
    ("djpeg", "rgb-islow-565D", "-dct int -rgb565 -bmp",
     "testout_rgb_islow_565D.bmp", "testout_rgb_islow.jpg",
     "MD5_BMP_RGB_ISLOW_565D"),
    ("cjpeg", "422-ifast-opt", "-sample 2x1 -dct fast -opt",
     "testout_422_ifast_opt.jpg", "T/testorig.ppm",
     "MD5_JPEG_422_IFAST_OPT"),
    ("djpeg", "422-ifast", "-dct fast", "testout_422_ifast.ppm",
     "testout_422_ifast_opt.jpg", "MD5_PPM_422_IFAST"),
    ("cjpeg", "440-islow", "-sample 1x2 -dct int", "testout_440_islow.jpg",
     "T/testorig.ppm", "MD5_JPEG_440_ISLOW"),
    ("djpeg", "440-islow", "-dct int", "testout_440_islow.ppm",
     "testout_440_islow.jpg", "MD5_PPM_440_ISLOW"),
    ("djpeg", "422m-ifast", "-dct fast -nosmooth", "testout_422m_ifast.ppm",
     "testout_422_ifast_opt.jpg", "MD5_PPM_422M_IFAST"),
    ("cjpeg", "420-q100-ifast-prog",
     "-sample 2x2 -quality 100 -dct fast -scans T/test.scan",
     "testout_420_q100_ifast_prog.jpg", "T/testorig.ppm",
     "MD5_JPEG_420_IFAST_Q100_PROG"),
    ("djpeg", "420-q100-ifast-prog", "-dct fast",
     "testout_420_q100_ifast.ppm", "testout_420_q100_ifast_prog.jpg",
     "MD5_PPM_420_Q100_IFAST"),
    ("djpeg", "420m-q100-ifast-prog", "-dct fast -nosmooth",
     "testout_420m_q100_ifast.ppm", "testout_420_q100_ifast_prog.jpg",
     "MD5_PPM_420M_Q100_IFAST"),
    ("cjpeg", "gray-islow", "-gray -dct int", "testout_gray_islow.jpg",
     "T/testorig.ppm", "MD5_JPEG_GRAY_ISLOW"),
    ("djpeg", "gray-islow", "-dct int", "testout_gray_islow.ppm",
     "testout_gray_islow.jpg", "MD5_PPM_GRAY_ISLOW"),
    ("djpeg", "gray-islow-rgb", "-dct int -rgb", "testout_gray_islow_rgb.ppm",
     "testout_gray_islow.jpg", "MD5_PPM_GRAY_ISLOW_RGB"),
    ("cjpeg", "420s-ifast-opt", "-sample 2x2 -smooth 1 -dct int -opt",
     "testout_420s_ifast_opt.jpg", "T/testorig.ppm",
     "MD5_JPEG_420S_IFAST_OPT"),
    ("cjpeg", "3x2-ifast-prog", "-sample 3x2 -dct fast -prog",
     "testout_3x2_ifast_prog.jpg", "T/testorig.ppm",
     "MD5_JPEG_3x2_IFAST_PROG"),
    ("djpeg", "3x2-ifast-prog", "-dct fast", "testout_3x2_ifast.ppm",
     "testout_3x2_ifast_prog.jpg", "MD5_PPM_3x2_IFAST"),
    ("cjpeg", "420-islow-ari", "-dct int -arithmetic",
     "testout_420_islow_ari.jpg", "T/testorig.ppm",
     "MD5_JPEG_420_ISLOW_ARI"),
    ("jpegtran", "420-islow-ari", "-arithmetic", "testout_420_islow_ari2.jpg",
     "T/testimgint.jpg", "MD5_JPEG_420_ISLOW_ARI"),
    ("cjpeg", "444-islow-progari", "-sample 1x1 -dct int -prog -arithmetic",
     "testout_444_islow_progari.jpg", "T/testorig.ppm",
     "MD5_JPEG_444_ISLOW_PROGARI"),
    ("djpeg", "420m-ifast-ari", "-fast -skip 1,20 -ppm",
     "testout_420m_ifast_ari.ppm", "T/testimgari.jpg",
     "MD5_PPM_420M_IFAST_ARI"),
    ("jpegtran", "420-islow", "", "testout_420_islow.jpg",
     "T/testimgari.jpg", "MD5_JPEG_420_ISLOW"),
] + [
    ("djpeg", "420m-islow-" + s, "-dct int -scale %s -nosmooth -ppm" %
     s.replace("_", "/"), "testout_420m_islow_%s.ppm" % s, "T/testorig.jpg",
     "MD5_PPM_420M_ISLOW_" + s)
    for s in "2_1 15_8 13_8 11_8 9_8 7_8 3_4 5_8 1_2 3_8 1_4 1_8".split()
] + [
    ("djpeg", "420-islow-256", "-dct int -colors 256 -bmp",
     "testout_420_islow_256.bmp", "T/testorig.jpg", "MD5_BMP_420_ISLOW_256"),
    ("djpeg", "420-islow-565D", "-dct int -rgb565 -bmp",
     "testout_420_islow_565D.bmp", "T/testorig.jpg",
     "MD5_BMP_420_ISLOW_565D"),
    ("djpeg", "420-islow-skip15_31", "-dct int -skip 15,31 -ppm",
     "testout_420_islow_skip15,31.ppm", "T/testorig.jpg",
     "MD5_PPM_420_ISLOW_SKIP15_31"),
    ("djpeg", "420-islow-ari-skip16_139", "-dct int -skip 16,139 -ppm",
     "testout_420_islow_ari_skip16,139.ppm", "T/testimgari.jpg",
     "MD5_PPM_420_ISLOW_ARI_SKIP16_139"),
    ("cjpeg", "420-islow-prog", "-dct int -prog",
     "testout_420_islow_prog.jpg", "T/testorig.ppm", None),
    ("djpeg", "420-islow-prog-crop62x62_71_71",
     "-dct int -crop 62x62+71+71 -ppm",
     "testout_420_islow_prog_crop62x62,71,71.ppm",
     "testout_420_islow_prog.jpg", "MD5_PPM_420_ISLOW_PROG_CROP62x62_71_71"),
    ("djpeg", "420-islow-ari-crop53x53_4_4", "-dct int -crop 53x53+4+4 -ppm",
     "testout_420_islow_ari_crop53x53,4,4.ppm", "T/testimgari.jpg",
     "MD5_PPM_420_ISLOW_ARI_CROP53x53_4_4"),
    ("jpegtran", "crop", "-crop 120x90+20+50 -transpose -perfect",
     "testout_crop.jpg", "T/testorig.jpg", "MD5_JPEG_CROP"),
]


def configure_file(text):
    """CMake's configure_file() of one of the .in headers, with CONFIG
    and DEFINED."""
    out = []
    for line in text.splitlines():
        m = re.match(r"#cmakedefine\s+(\w+)(.*)$", line)
        if m:
            line = ("#define %s%s" % (m.group(1), m.group(2))
                    if m.group(1) in DEFINED else
                    "/* #undef %s */" % m.group(1))
        out.append(re.sub(r"@(\w+)@", lambda m: CONFIG[m.group(1)], line))
    return "\n".join(out) + "\n"


def tiled_ppm(src, dest, nx=12, ny=12):
    """testimages/testorig.ppm tiled nx by ny times, every other tile
    mirrored (no seams): a 2724x1788 photograph-like image (once)."""
    if os.path.exists(dest):
        return dest
    with open(src, "rb") as f:
        data = f.read()
    # P6\n227 149\n255\n
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
    w, h = int(m.group(1)), int(m.group(2))
    pix = data[m.end():]
    rows = [pix[y * w * 3:(y + 1) * w * 3] for y in range(h)]

    def mirror(row):
        return b"".join(row[i:i + 3] for i in range(len(row) - 3, -3, -3))
    out = [b"P6\n%d %d\n255\n" % (w * nx, h * ny)]
    for ty in range(ny):
        for y in range(h):
            r = rows[y if ty % 2 == 0 else h - 1 - y]
            m_r = mirror(r)
            out.append(b"".join(r if tx % 2 == 0 else m_r
                                for tx in range(nx)))
    with open(dest + ".tmp", "wb") as f:
        f.write(b"".join(out))
    os.replace(dest + ".tmp", dest)
    return dest


class LibjpegTurbo(DebianProject):
    """cjpeg, djpeg and jpegtran of libjpeg-turbo, on the C code paths."""
    name = "libjpeg-turbo"
    package, version = "libjpeg-turbo", "1:2.1.5-2"
    orig = "libjpeg-turbo_2.1.5.orig.tar.gz"
    sha256 = "254f3642b04e309fee775123133c6464181addc150499561020312ec61c1bf7c"
    program_names = ["libjpeg-turbo"]
    WORKLOAD = ["-quality", "90", "-optimize", "-progressive"]

    def setup(self, root):
        # The headers CMake configures into its build directory, here
        # beside the sources.
        for name in ("jconfig.h", "jconfigint.h", "jversion.h"):
            with open(os.path.join(root, name + ".in")) as f:
                text = configure_file(f.read())
            write_if_changed(os.path.join(root, name), text)
        return root

    def archives(self):
        return {"jpeg": ["jpeg_" + f for f in JPEG_SOURCES]}

    def units(self, src):
        # CMake's default Release build: NDEBUG. Objects are cached by
        # their command line: the configured headers' digest in it
        # compiles them again when they change.
        digest = hashlib.sha256(repr(sorted(CONFIG.items())).encode() +
                                repr(sorted(DEFINED)).encode()).hexdigest()
        flags = ["-DNDEBUG", "-I", ".", "-DBENCH_CONFIG_SHA256=" +
                 digest[:16]]
        units = [Unit(f + ".c", flags, name="jpeg_" + f)
                 for f in JPEG_SOURCES]
        for f in sorted({f for fs in PROGRAMS.values() for f in fs}):
            units.append(Unit(f + ".c", flags + PROGRAM_FLAGS,
                              name="prog_" + f))
        return units

    def programs(self, src, ctx):
        with open(os.path.join(src, "CMakeLists.txt")) as f:
            cmake = f.read()
        # The 8-bit sums come after the 12-bit ones: the last wins.
        md5 = dict(re.findall(r"set\((MD5_\w+) ([0-9a-f]{32})\)", cmake))
        timages = os.path.join(src, "testimages")

        def big():
            return tiled_ppm(os.path.join(timages, "testorig.ppm"),
                             ctx.path("work", "libjpeg-turbo-tiled.ppm"))

        def check(ctx, variant, binpath):
            wd = ctx.path("work", "libjpeg-turbo-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def md5_of(path):
                if not os.path.exists(path):
                    return None
                with open(path, "rb") as f:
                    return hashlib.md5(f.read()).hexdigest()

            for prog, name, args, outf, inf, var in BITTESTS:
                inf = os.path.join(timages, inf[2:]) if \
                    inf.startswith("T/") else inf
                argv = [a.replace("T/", timages + "/")
                        for a in args.split()]
                rc, t = run_capture([binpath[prog]] + argv +
                                    ["-outfile", outf, inf], cwd=wd)
                got = md5_of(os.path.join(wd, outf))
                ok = rc == 0 and got is not None and \
                    (var is None or got == md5[var])
                out["%s-%s" % (prog, name)] = (ok, (rc, got))
            # djpeg -icc wrote the profile cjpeg embedded.
            got = md5_of(os.path.join(wd, "testout_rgb_islow.icc"))
            out["djpeg-rgb-islow-icc"] = (
                got == "b06a39d730129122e85c1363ed1bbc9e", got)
            # The workload's image both ways, and through jpegtran.
            steps = [("cjpeg", self.WORKLOAD, big(), "w.jpg"),
                     ("djpeg", ["-bmp"], "w.jpg", "w.bmp"),
                     ("djpeg", ["-dct", "fast", "-scale", "1/2", "-gif"],
                      "w.jpg", "w.gif"),
                     ("jpegtran", ["-rotate", "90", "-optimize"], "w.jpg",
                      "w90.jpg"),
                     ("cjpeg", ["-quality", "75", "-arithmetic",
                                "-sample", "1x1"], "w.bmp", "wa.jpg")]
            for prog, argv, inf, outf in steps:
                rc, t = run_capture([binpath[prog]] + argv +
                                    ["-outfile", outf, inf], cwd=wd)
                got = md5_of(os.path.join(wd, outf))
                out["tiled-%s-%s" % (prog, outf)] = (
                    rc == 0 and got is not None, (rc, got))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            return ([binpath["cjpeg"]] + self.WORKLOAD +
                    ["-outfile", os.path.join(workdir, "w.jpg"), big()],
                    None)

        def units_of(prog):
            return ["prog_" + f for f in PROGRAMS[prog]] + ["lib:jpeg"]

        return [Program(
            "libjpeg-turbo", [Binary(p, units_of(p))
                              for p in ("cjpeg", "djpeg", "jpegtran")],
            check, workload, compare=True,
            describe="cjpeg, djpeg and jpegtran of libjpeg-turbo %s (%d "
            "library sources, no SIMD; .text: cjpeg's)" % (
                VERSION, len(JPEG_SOURCES)),
            workload_text="cjpeg %s of a 2724x1788 image (testorig.ppm "
            "tiled); checks: the add_bittest()s of CMakeLists.txt with "
            "their md5 sums (float DCT left out), the tiled image through "
            "djpeg and jpegtran" % " ".join(self.WORKLOAD))]


# The recipes of this module, and where they come in the tables.
ORDER = 250
PROJECTS = [LibjpegTurbo()]
