"""libwebp (Debian): cwebp, dwebp and the other tools of examples/,
without SIMD and without the PNG, JPEG, TIFF and GIF libraries."""

import math
import os
import shutil

from debsrc import DebianProject, write_if_changed
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest, xorshift32

VERSION = "1.2.4"
# What configure writes to src/webp/config.h on glibc with our options:
# threads (--enable-threading, its default), near-lossless encoding (its
# default), none of the image libraries (imageio reads PNM, PAM and WebP
# by itself; pngdec.c, jpegdec.c, tiffdec.c say they are not compiled
# in), no SIMD: neither WEBP_HAVE_SSE2/SSE41 nor WEBP_HAVE_NEON. With
# HAVE_CONFIG_H, src/dsp/cpu.h defines WEBP_USE_SSE2 or WEBP_USE_NEON
# only when these are (the compiler's __SSE2__ or __aarch64__ alone do
# not), so the dsp files' C code is what runs on every target, and the
# *_sse2, *_sse41, *_neon, *_mips* and *_msa files would compile to empty
# stubs: they are left out, as no Init function calls them.
CONFIG_H = """\
/* Written by bench/lib/projects/libwebp.py: what configure finds on glibc,
   without SIMD and without the image libraries. */
#define HAVE_BUILTIN_BSWAP16 1
#define HAVE_BUILTIN_BSWAP32 1
#define HAVE_BUILTIN_BSWAP64 1
#define HAVE_DLFCN_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_MEMORY_H 1
#define HAVE_PTHREAD_PRIO_INHERIT 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define PACKAGE "libwebp"
#define PACKAGE_BUGREPORT "https://bugs.chromium.org/p/webp"
#define PACKAGE_NAME "libwebp"
#define PACKAGE_STRING "libwebp 1.2.4"
#define PACKAGE_TARNAME "libwebp"
#define PACKAGE_URL "https://developers.google.com/speed/webp"
#define PACKAGE_VERSION "1.2.4"
#define STDC_HEADERS 1
#define VERSION "1.2.4"
#define WEBP_NEAR_LOSSLESS 1
#define WEBP_USE_THREAD 1
"""

# The sources of libwebp.la (src/Makefile.am: dec, dsp, enc and utils;
# sharpyuv), of libwebpdemux.la and of libwebpmux.la, without the
# dsp files of SIMD and MIPS (see above).
LIBS = {
    "webp": {
        "src/dec": """alpha_dec buffer_dec frame_dec idec_dec io_dec quant_dec
            tree_dec vp8_dec vp8l_dec webp_dec""",
        "src/dsp": """alpha_processing cost cpu dec dec_clip_tables enc
            filters lossless lossless_enc rescaler ssim upsampling yuv""",
        "src/enc": """alpha_enc analysis_enc backward_references_cost_enc
            backward_references_enc config_enc cost_enc filter_enc
            frame_enc histogram_enc iterator_enc near_lossless_enc
            picture_csp_enc picture_enc picture_psnr_enc
            picture_rescale_enc picture_tools_enc predictor_enc quant_enc
            syntax_enc token_enc tree_enc vp8l_enc webp_enc""",
        "src/utils": """bit_reader_utils bit_writer_utils color_cache_utils
            filters_utils huffman_encode_utils huffman_utils
            quant_levels_dec_utils quant_levels_utils random_utils
            rescaler_utils thread_utils utils""",
        "sharpyuv": "sharpyuv sharpyuv_csp sharpyuv_dsp sharpyuv_gamma"},
    "webpdemux": {"src/demux": "anim_decode demux"},
    "webpmux": {"src/mux": "anim_encode muxedit muxinternal muxread"},
    # imageio/Makefile.am's and examples/'s convenience libraries.
    "imageio_util": {"imageio": "imageio_util"},
    "imagedec": {"imageio": """image_dec jpegdec metadata pngdec pnmdec
        tiffdec webpdec wicdec"""},
    "imageenc": {"imageio": "image_enc"},
    "example_util": {"examples": "example_util"},
}


def unit_name(d, f):
    return d.replace("src/", "").replace("/", "_") + "_" + f


# bin_PROGRAMS and noinst_PROGRAMS of examples/Makefile.am that build
# without GIF, OpenGL or SDL (not gif2webp, vwebp): their sources and
# LDADD's libraries (linked in LINK_ORDER: each before those it needs,
# for GNU ld and gold).
TOOLS = {
    "cwebp": (["cwebp"], ["example_util", "imageio_util", "imagedec",
                          "webpdemux", "webp"]),
    "dwebp": (["dwebp"], ["example_util", "imagedec", "imageenc",
                          "imageio_util", "webpdemux", "webp"]),
    "webpmux": (["webpmux"], ["example_util", "imageio_util", "webpmux",
                              "webp"]),
    "img2webp": (["img2webp"], ["example_util", "imageio_util", "imagedec",
                                "webpmux", "webpdemux", "webp"]),
    "webpinfo": (["webpinfo"], ["example_util", "imageio_util", "webp"]),
    "anim_diff": (["anim_diff", "anim_util", "gifdec"],
                  ["webpdemux", "example_util", "imageio_util", "webp"]),
    "anim_dump": (["anim_dump", "anim_util", "gifdec"],
                  ["webpdemux", "example_util", "imageio_util", "imageenc",
                   "webp"]),
}
LINK_ORDER = ["example_util", "imagedec", "imageenc", "imageio_util",
              "webpmux", "webpdemux", "webp"]


# The generated images of the checks, (file, kind, width, height, format,
# pan): a scene (and two frames of it panning), a chart, noise, a sprite
# with alpha, grey (P5) and 16-bit (P6, maxval 65535) samples.
CHECK_IMAGES = [
    ("scene.ppm", "scene", 256, 192, "ppm", 0),
    ("pan1.ppm", "scene", 256, 192, "ppm", 24),
    ("pan2.ppm", "scene", 256, 192, "ppm", 48),
    ("chart.ppm", "chart", 160, 120, "ppm", 0),
    ("chart-anim.ppm", "chart", 256, 192, "ppm", 0),
    ("noise.ppm", "noise", 64, 64, "ppm", 0),
    ("sprite.pam", "sprite", 128, 96, "pam", 0),
    ("sprite-anim.pam", "sprite", 256, 192, "pam", 0),
    ("gray.pgm", "scene", 96, 72, "pgm", 0),
    ("deep.ppm", "scene", 80, 60, "ppm16", 0),
]
# The workload's: each encoded by cwebp and decoded back by dwebp.
WORKLOAD_IMAGES = [
    ("w-scene.ppm", "scene", 800, 600, "ppm", 0),
    ("w-sprite.pam", "sprite", 400, 300, "pam", 0),
    ("w-chart.ppm", "chart", 640, 480, "ppm", 0),
]
WORKLOAD = [("cwebp", "-q 80 w-scene.ppm -o scene.webp"),
            ("dwebp", "scene.webp -pam -o scene.pam"),
            ("cwebp", "-q 70 -alpha_q 80 w-sprite.pam -o sprite.webp"),
            ("dwebp", "sprite.webp -pam -o sprite.pam"),
            ("cwebp", "-lossless w-chart.ppm -o chart.webp"),
            ("dwebp", "chart.webp -ppm -o chart.ppm")]

# cwebp lossy of the scene: (name, options, the PSNR its decoding must
# reach).
LOSSY = [
    ("lossy-q75", [], 28),
    ("lossy-q10", ["-q", "10"], 24),
    ("lossy-q30", ["-q", "30", "-m", "0"], 25),
    ("lossy-q95-m6", ["-q", "95", "-m", "6"], 30),
    ("lossy-m1", ["-m", "1"], 28),
    ("lossy-m3", ["-m", "3"], 28),
    ("lossy-size", ["-size", "6000"], 25),
    ("lossy-psnr", ["-psnr", "36", "-pass", "4"], 27),
    ("lossy-qrange", ["-size", "9000", "-qrange", "40", "70", "-pass",
                      "6"], 25),
    ("lossy-no-filter", ["-sns", "0", "-f", "0", "-sharpness", "5",
                         "-nostrong"], 25),
    ("lossy-strong-filter", ["-sns", "100", "-f", "100", "-strong",
                             "-sharpness", "7"], 25),
    ("lossy-autofilter", ["-af"], 28),
    ("lossy-segments", ["-segments", "1", "-partition_limit", "70"], 25),
    ("lossy-sharp-yuv", ["-sharp_yuv"], 28),
    ("lossy-pre", ["-pre", "2"], 25),
    ("lossy-jpeg-like", ["-jpeg_like"], 28),
    ("lossy-low-memory", ["-low_memory"], 28),
    ("lossy-photo-preset", ["-preset", "photo"], 28),
    ("lossy-hint-photo", ["-hint", "photo", "-q", "60"], 27),
]
# cwebp lossless: (name, input, options, what its decoding must be; see
# enc()).
LOSSLESS = [
    ("lossless", "scene.ppm", ["-lossless"], "exact"),
    ("lossless-z0", "scene.ppm", ["-z", "0"], "exact"),
    ("lossless-z3", "chart.ppm", ["-z", "3"], "exact"),
    ("lossless-z6", "chart.ppm", ["-z", "6"], "exact"),
    ("lossless-z9", "chart.ppm", ["-z", "9"], "exact"),
    ("lossless-z9-noise", "noise.ppm", ["-z", "9"], "exact"),
    ("lossless-q0-m0", "scene.ppm", ["-lossless", "-q", "0", "-m", "0"],
     "exact"),
    ("lossless-hint-graph", "chart.ppm", ["-lossless", "-hint", "graph"],
     "exact"),
    ("lossless-gray", "gray.pgm", ["-lossless"], "exact"),
    ("lossless-16bit", "deep.ppm", ["-lossless"], "exact"),
    ("lossless-sprite", "sprite.pam", ["-lossless"], "visible"),
    ("lossless-sprite-exact", "sprite.pam", ["-lossless", "-exact"],
     "exact"),
    ("near-lossless-80", "scene.ppm", ["-near_lossless", "80"], 48),
    ("near-lossless-40", "scene.ppm", ["-near_lossless", "40"], 40),
    ("near-lossless-0", "chart.ppm", ["-near_lossless", "0"], 20),
]
# cwebp lossy of the sprite (alpha): (name, options, PSNR).
ALPHA = [
    ("alpha-q50", ["-q", "50"], 28),
    ("alpha-lossy", ["-alpha_q", "50", "-alpha_filter", "best"], 28),
    ("alpha-method0", ["-alpha_method", "0", "-alpha_filter", "none"], 28),
    ("alpha-filter-fast", ["-alpha_filter", "fast", "-alpha_q", "90"], 28),
    ("alpha-exact", ["-exact", "-q", "90"], 29),
]
# dwebp: (name, input, options, the check whose output it must equal).
DWEBP = [
    ("ppm", "lossy-q75.webp", ["-ppm"], None),
    ("pam", "alpha-q50.webp", ["-pam"], None),
    ("pgm", "lossy-q75.webp", ["-pgm"], None),
    ("yuv", "lossy-q75.webp", ["-yuv"], None),
    ("bmp", "alpha-q50.webp", ["-bmp"], None),
    ("tiff", "alpha-q50.webp", ["-tiff"], None),
    ("alpha-plane", "alpha-q50.webp", ["-alpha"], None),
    ("nofancy", "lossy-q75.webp", ["-nofancy", "-ppm"], None),
    ("nofilter", "lossy-q30.webp", ["-nofilter", "-ppm"], None),
    ("dither", "lossy-q10.webp", ["-dither", "70", "-ppm"], None),
    ("alpha-dither", "alpha-lossy.webp", ["-alpha_dither", "-pam"], None),
    ("crop", "lossy-q75.webp", ["-crop", "13", "17", "100", "60", "-ppm"],
     None),
    ("resize", "lossy-q75.webp", ["-resize", "100", "80", "-ppm"], None),
    ("crop-resize-flip", "alpha-q50.webp", [
        "-crop", "8", "8", "96", "64", "-resize", "48", "0", "-flip",
        "-pam"], None),
    ("incremental", "lossy-q75.webp", ["-incremental", "-ppm"], "ppm"),
    ("incremental-lossless", "lossless-sprite.webp", ["-incremental",
                                                      "-pam"], None),
    ("lossless-resize", "lossless.webp", ["-resize", "128", "96", "-pam"],
     None),
    ("lossless-yuv", "lossless.webp", ["-yuv"], None),
]
# img2webp of the five frames: (name, (options before the first frame,
# options before the third)).
IMG2WEBP = [
    ("lossless", (["-q", "20", "-m", "1"], [])),
    ("lossy", (["-lossy", "-q", "60"], ["-q", "40", "-m", "2"])),
    ("mixed", (["-mixed", "-min_size", "-q", "50", "-m", "2"], [])),
    ("keyframes", (["-loop", "2", "-kmin", "1", "-kmax", "2", "-lossy",
                    "-q", "30", "-m", "1", "-d", "80"],
                   ["-lossless", "-q", "20", "-m", "0"])),
]
# webpinfo of files of every kind.
WEBPINFO = [
    ("lossy", ["lossy-q75.webp", "lossy-q95-m6.webp"]),
    ("lossless", ["lossless.webp", "lossless-z9.webp"]),
    ("alpha", ["alpha-q50.webp", "alpha-lossy.webp", "alpha-method0.webp"]),
    ("metadata", ["m3.webp"]),
    ("animation", ["anim.webp", "lossy.webp", "mixed.webp"]),
]
# Metadata for webpmux to set (ICC, EXIF and XMP are not checked).
ICC = b"\0\0\x02\x0cbnch" + bytes(range(256)) * 2
EXIF = b"Exif\0\0II*\0\x08\0\0\0" + b"bench exif " * 20
XMP = (b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf='
       b'"http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
# dwebp -ppm of examples/test.webp: the sha256 of what Debian's libwebp7
# 1.2.4-0.2+deb12u1 (x86-64, SSE2) decodes it to, the same bytes as our
# C paths give.
TEST_WEBP_PPM_SHA256 = \
    "db448ba15096dd0941cacb7e7cc8f0bf5461226c423c330fa73d0591bd8ac980"


def _clamp(v):
    return 0 if v < 0 else 255 if v > 255 else int(v)


def image_pixels(kind, w, h, seed=0x1badb002):
    """Generated pixels, the same on every run: a list of rows of (r, g,
    b, a) tuples. kind: "scene" (gradient sky, sun, hills, bricks, grass
    texture, a little noise: what a photograph has, smooth and busy
    regions), "chart" (flat colours, lines and text-like marks: few
    colours, sharp edges), "noise" (random bytes), "sprite" (shapes over
    a transparent background, soft and hard alpha edges)."""
    rnd = xorshift32(seed)
    rows = []
    if kind == "noise":
        for y in range(h):
            rows.append([(rnd() & 255, (rnd() >> 8) & 255, (rnd() >> 16) & 255,
                          255) for _ in range(w)])
        return rows
    if kind == "chart":
        palette = [(255, 255, 255), (30, 30, 30), (220, 60, 50),
                   (40, 120, 200), (250, 200, 40), (90, 170, 90),
                   (150, 80, 160), (200, 200, 200)]
        bars = [(rnd() % (h * 3 // 4)) + h // 8 for _ in range(12)]
        for y in range(h):
            row = []
            for x in range(w):
                c = palette[0]
                if x % 40 == 0 or y % 40 == 0:
                    c = palette[7]
                bar = x * len(bars) // w
                if (x * len(bars)) % w > w // 6 and h - y < bars[bar]:
                    c = palette[2 + bar % 5]
                if abs(y - (h // 2 + int(h / 4 * math.sin(x / 23.0)))) < 2:
                    c = palette[1]
                # Text-like marks along the top.
                if y < 14 and x % 9 < 6 and (x * 7 + y * 3) % 11 < 5 and \
                        y > 3:
                    c = palette[1]
                row.append(c + (255,))
            rows.append(row)
        return rows
    if kind == "sprite":
        cx, cy = w * 0.5, h * 0.5
        for y in range(h):
            row = []
            for x in range(w):
                d = math.hypot(x - cx, y - cy) / (min(w, h) * 0.45)
                a = _clamp(255 * (1.2 - d) * 2.5)  # a soft disc
                r = _clamp(255 * (1 - d))
                g = _clamp(128 + 100 * math.sin(x / 7.0))
                b = _clamp(60 + 150 * y / h)
                if abs(x - w // 4) < w // 10 and abs(y - h // 4) < h // 10:
                    r, g, b, a = 20, 200, 20, 255  # a hard-edged square
                if (x // 8 + y // 8) % 5 == 0 and a == 0:
                    r, g, b, a = 250, 250, 250, 64  # a faint grid
                if a == 0:
                    r = g = b = 0
                row.append((r, g, b, a))
            rows.append(row)
        return rows
    # scene
    hills = [h * (0.55 + 0.1 * math.sin(x / 37.0) + 0.05 *
                  math.sin(x / 11.0 + 1)) for x in range(w)]
    sx, sy, sr = w * 0.72, h * 0.22, min(w, h) * 0.09
    for y in range(h):
        row = []
        for x in range(w):
            n = (rnd() & 15) - 8
            if y < hills[x]:
                t = y / h
                r, g, b = 70 + 90 * t, 130 + 80 * t, 230 - 20 * t
                d = math.hypot(x - sx, y - sy)
                if d < sr:
                    r, g, b = 255, 235, 120
                elif d < sr * 2.5:
                    k = (sr * 2.5 - d) / (sr * 1.5)
                    r, g, b = r + 120 * k, g + 80 * k, b - 40 * k
                n //= 4
            elif y > h * 0.8 and x < w * 0.45:
                # Bricks.
                bx = (x + (8 if (y // 10) % 2 else 0)) % 24
                mortar = bx < 2 or y % 10 < 2
                r, g, b = (190, 190, 180) if mortar else \
                    (150 + (x // 24) % 3 * 15, 60, 40)
            else:
                # Grass: texture of short strokes.
                v = math.sin(x * 1.7 + math.sin(y * 0.9) * 3) * 25
                r, g, b = 60 + v / 2, 140 + v, 50 + v / 3
            row.append((_clamp(r + n), _clamp(g + n), _clamp(b + n), 255))
        rows.append(row)
    return rows


def write_pnm(path, rows, kind):
    """rows as kind: "ppm" (P6), "ppm16" (P6, 16-bit samples), "pgm"
    (P5, the green channel), "pam" (P7 RGB_ALPHA)."""
    h, w = len(rows), len(rows[0])
    if kind == "pam":
        hdr = ("P7\nWIDTH %d\nHEIGHT %d\nDEPTH 4\nMAXVAL 255\n"
               "TUPLTYPE RGB_ALPHA\nENDHDR\n" % (w, h)).encode()
        data = bytes(v for row in rows for px in row for v in px)
    elif kind == "pgm":
        hdr = b"P5\n%d %d\n255\n" % (w, h)
        data = bytes(px[1] for row in rows for px in row)
    elif kind == "ppm16":
        hdr = b"P6\n%d %d\n65535\n" % (w, h)
        data = bytes(b for row in rows for px in row for v in px[:3]
                     for b in (v, (v * 37) & 255))
    else:
        hdr = b"P6\n%d %d\n255\n" % (w, h)
        data = bytes(v for row in rows for px in row for v in px[:3])
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(hdr + data)
    os.replace(tmp, path)
    return path


def shifted(rows, k):
    """rows panned k pixels to the left (wrapping): the next frame of an
    animation."""
    return [row[k:] + row[:k] for row in rows]


def read_pnm(data):
    """(width, height, RGBA bytes) of the PNM and PAM files written here
    and by dwebp (P5, P6 8 or 16 bits, P7 RGB_ALPHA), 16-bit and grey
    samples converted as imageio's pnmdec.c does; None if it is not one."""
    if data is None:
        return None
    lines, off = [], 0
    want = 4 if data.startswith(b"P7") else 3
    while len(lines) < want or (want == 4 and lines[-1] != b"ENDHDR"):
        end = data.find(b"\n", off)
        if end < 0:
            return None
        lines.append(data[off:end])
        off = end + 1
        if want == 4 and len(lines) > 8:
            return None
    if want == 4:
        fields = dict(line.split(b" ", 1) for line in lines[1:-1])
        w, h = int(fields[b"WIDTH"]), int(fields[b"HEIGHT"])
        depth, maxval = int(fields[b"DEPTH"]), int(fields[b"MAXVAL"])
    else:
        w, h = (int(v) for v in lines[1].split())
        depth, maxval = (1 if lines[0] == b"P5" else 3), int(lines[2])
    size = 2 if maxval > 255 else 1
    px = data[off:off + w * h * depth * size]
    if len(px) != w * h * depth * size:
        return None
    if size == 2:
        px = bytes(min(255, ((256 * px[i] + px[i + 1]) * 255 + maxval // 2)
                       // maxval) for i in range(0, len(px), 2))
    if depth == 4:
        return w, h, px
    if depth == 1:
        return w, h, bytes(v for g in px for v in (g, g, g, 255))
    return w, h, bytes(v for i in range(0, len(px), 3)
                       for v in (px[i], px[i + 1], px[i + 2], 255))


def compare(ref, got):
    """(PSNR of the RGB of the pixels visible in ref, the largest alpha
    difference) of two read_pnm images of the same size; None if the
    sizes differ. 99 dB: the same."""
    if ref is None or got is None or ref[:2] != got[:2]:
        return None
    a, b = ref[2], got[2]
    err = n = amax = 0
    for i in range(0, len(a), 4):
        amax = max(amax, abs(a[i + 3] - b[i + 3]))
        if a[i + 3]:
            n += 3
            err += (a[i] - b[i]) ** 2 + (a[i + 1] - b[i + 1]) ** 2 + \
                (a[i + 2] - b[i + 2]) ** 2
    psnr = 99.0 if err == 0 else 10 * math.log10(255.0 ** 2 * n / err)
    return round(psnr, 2), amax


def make_inputs(d, specs):
    """The generated images of specs, (file, kind, width, height, format,
    pan), written once under d."""
    os.makedirs(d, exist_ok=True)
    cache = {}
    for f, kind, w, h, fmt, pan in specs:
        path = os.path.join(d, f)
        if os.path.exists(path):
            continue
        if (kind, w, h) not in cache:
            cache[(kind, w, h)] = image_pixels(kind, w, h)
        write_pnm(path, shifted(cache[(kind, w, h)], pan), fmt)
    return d


class Libwebp(DebianProject):
    """cwebp, dwebp, webpmux, img2webp, webpinfo, anim_diff and anim_dump
    of libwebp, on the C code paths.

    As for every Debian recipe, only the orig tarball is built: not
    Debian's two patches (deb12u1: CVE-2023-4863, the lossless decoder's
    Huffman tables overflowing on a crafted file; an error path of the
    alpha encoder). The tools read only the files made here."""
    name = "libwebp"
    package, version = "libwebp", "1.2.4-0.2+deb12u1"
    orig = "libwebp_1.2.4.orig.tar.gz"
    sha256 = "7bf5a8a28cc69bcfa8cb214f2c3095703c6b73ac5fba4d5480c205331d9494df"
    program_names = ["libwebp"]

    def setup(self, root):
        # The config.h of configure (HAVE_CONFIG_H), where the sources
        # include it from (src/webp/config.h, "webp/config.h" with -Isrc).
        write_if_changed(os.path.join(root, "src", "webp", "config.h"),
                         CONFIG_H)
        return root

    def archives(self):
        return {lib: [unit_name(d, f) for d, files in dirs.items()
                      for f in files.split()]
                for lib, dirs in LIBS.items()}

    def units(self, src):
        # configure's default: NDEBUG (no --enable-asserts). Objects are
        # cached by their command line: the header's digest in it compiles
        # them again when the header changes.
        flags = ["-DHAVE_CONFIG_H", "-DNDEBUG", "-I", ".", "-I", "src",
                 "-DBENCH_CONFIG_SHA256=" + _digest(CONFIG_H.encode())[:16]]
        units = [Unit("%s/%s.c" % (d, f), flags, name=unit_name(d, f))
                 for dirs in LIBS.values() for d, files in dirs.items()
                 for f in files.split()]
        units += [Unit("examples/%s.c" % f, flags,
                       name=unit_name("examples", f))
                  for f in sorted({f for fs, _ in TOOLS.values()
                                   for f in fs})]
        return units

    def programs(self, src, ctx):
        d = ctx.path("work", "libwebp-input")

        def inputs():
            return make_inputs(d, CHECK_IMAGES + WORKLOAD_IMAGES)

        def check(ctx, variant, binpath):
            inputs()
            wd = ctx.path("work", "libwebp-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}
            for f, *_ in CHECK_IMAGES:
                os.symlink(os.path.join(d, f), os.path.join(wd, f))

            def path(name):
                return os.path.join(wd, name)

            def read(name):
                if not os.path.exists(path(name)):
                    return None
                with open(path(name), "rb") as f:
                    return f.read()

            def write(name, data):
                with open(path(name), "wb") as f:
                    f.write(data)

            def digest(name):
                data = read(name)
                return None if data is None else _digest(data)

            def run(tool, argv):
                """(exit code, output) of a tool in the work directory,
                the files named relative to it (what the tools print
                names them), the tool's path (the variant's) as its
                name."""
                exe = binpath[tool]
                rc, t = run_capture([exe] + argv, cwd=wd)
                return rc, t.replace(exe.encode(), tool.encode())

            originals = {}

            def original(name):
                if name not in originals:
                    originals[name] = read_pnm(read(name))
                return originals[name]

            def enc(name, inp, opts, want, size=None, ref=None):
                """cwebp opts of inp to NAME.webp, dwebp of that to
                NAME.pam. want: "exact" (every RGBA byte of the input),
                "visible" (the RGB of the visible pixels and every
                alpha), or a PSNR (dB) the visible pixels must reach;
                size: the (width, height) expected if not the input's;
                ref: the image to compare with, if not the input."""
                rc1, t1 = run("cwebp", opts + [inp, "-o", name + ".webp"])
                rc2, _ = run("dwebp", [name + ".webp", "-pam", "-o",
                                       name + ".pam"])
                got = read_pnm(read(name + ".pam"))
                r = original(ref or inp)
                if size:
                    r = (size[0], size[1], None)
                cmp = compare(r, got) if r[2] is not None else \
                    (None if got is None or got[:2] != size else (0, 0))
                if want == "exact":
                    ok = got is not None and r[2] is not None and \
                        got[2] == r[2]
                elif want == "visible":
                    ok = cmp == (99.0, 0)
                else:
                    ok = cmp is not None and (r[2] is None or
                                              cmp[0] >= want)
                out["cwebp-" + name] = (
                    rc1 == 0 and rc2 == 0 and ok,
                    (rc1, rc2, digest(name + ".webp"),
                     digest(name + ".pam"), _digest(t1), cmp))
                return name + ".webp"

            # Lossy: qualities, methods, the rate control (target size,
            # target PSNR, passes), the filters, segments, presets,
            # sharp RGB->YUV, pre-processing, threads.
            for name, opts, want in LOSSY:
                enc(name, "scene.ppm", opts, want)
            rc, t = run("cwebp", ["-q", "75", "-mt", "scene.ppm", "-o",
                                  "mt.webp"])
            out["cwebp-lossy-mt-is-lossy-q75"] = (
                rc == 0 and read("mt.webp") == read("lossy-q75.webp"),
                (rc, digest("mt.webp")))
            enc("text-preset", "chart.ppm", ["-preset", "text"], 26)
            enc("drawing-preset", "chart.ppm", ["-preset", "drawing",
                                                "-q", "60"], 26)
            enc("gray-input", "gray.pgm", ["-q", "80"], 34)
            enc("16bit-input", "deep.ppm", ["-q", "80"], 26)
            enc("noise-q90", "noise.ppm", ["-q", "90", "-m", "5"], 10)
            enc("crop", "scene.ppm", ["-crop", "40", "30", "120", "90"], 0,
                size=(120, 90))
            enc("resize", "scene.ppm", ["-resize", "100", "0"], 0,
                size=(100, 75))
            # Lossless: its levels (-z), the alpha plane, near-lossless.
            for name, inp, opts, want in LOSSLESS:
                enc(name, inp, opts, want)
            # Alpha, lossy: the alpha plane's quality, method, filters;
            # no alpha; alpha blended away.
            for name, opts, want in ALPHA:
                enc(name, "sprite.pam", opts, want)
            enc("noalpha", "sprite.pam", ["-noalpha"], 0)
            enc("blend-alpha", "sprite.pam", ["-blend_alpha", "0x8040c0"],
                0)
            # What cwebp prints: the distortion (it decodes the
            # near-lossless bitstream for it), the short form, the
            # macroblock maps, progress.
            for name, opts in (("print-psnr", ["-print_psnr"]),
                               ("print-ssim", ["-print_ssim", "-q", "50"]),
                               ("print-lsim", ["-print_lsim"]),
                               ("print-psnr-near-lossless",
                                ["-print_psnr", "-near_lossless", "60"]),
                               ("short", ["-short", "-print_psnr"]),
                               ("map", ["-map", "2", "-q", "30"]),
                               ("progress", ["-progress", "-q", "30"])):
                rc, t = run("cwebp", opts + ["scene.ppm", "-o", "p.webp"])
                out["cwebp-" + name] = (rc == 0 and len(t) > 0,
                                        (rc, _digest(t), digest("p.webp")))
            # dwebp: every output format and option, of the lossy image
            # and of the one with alpha.
            for name, inp, opts, same_as in DWEBP:
                o = "d-" + name
                rc, t = run("dwebp", [inp] + opts + ["-o", o])
                out["dwebp-" + name] = (
                    rc == 0 and read(o) is not None and
                    (same_as is None or read(o) == read("d-" + same_as)),
                    (rc, _digest(t), digest(o)))
            rc, t = run("dwebp", ["lossy-q75.webp", "-mt", "-pam", "-o",
                                  "mt.pam"])
            out["dwebp-mt-is-dwebp"] = (
                rc == 0 and read("mt.pam") == read("lossy-q75.pam"),
                (rc, digest("mt.pam")))
            # examples/test.webp: what Debian's libwebp7 1.2.4 (SSE2)
            # decodes it to (test_ref.ppm beside it is older: up to 8
            # off in some samples).
            rc, t = run("dwebp", [os.path.join(src, "examples", "test.webp"),
                                  "-ppm", "-o", "test.ppm"])
            out["dwebp-test.webp"] = (rc == 0 and digest("test.ppm") ==
                                      TEST_WEBP_PPM_SHA256,
                                      (rc, digest("test.ppm")))
            # Raw YUV back into cwebp (-s): the planes dwebp wrote.
            rc1, t1 = run("cwebp", ["-s", "256", "192", "-q", "80",
                                    "d-yuv", "-o", "yuv.webp"])
            out["cwebp-raw-yuv"] = (rc1 == 0 and read("yuv.webp"),
                                    (rc1, digest("yuv.webp"), _digest(t1)))
            # WebP in: decoded by imageio, encoded again.
            enc("webp-input", "lossless-sprite.webp", ["-q", "70"], 28,
                ref="sprite.pam")
            # webpmux: metadata chunks set, read back, carried by cwebp
            # -metadata all, stripped; an animation of frames.
            write("meta.icc", ICC)
            write("meta.exif", EXIF)
            write("meta.xmp", XMP)
            steps = [["-set", "icc", "meta.icc", "lossy-q75.webp", "-o",
                      "m1.webp"],
                     ["-set", "exif", "meta.exif", "m1.webp", "-o",
                      "m2.webp"],
                     ["-set", "xmp", "meta.xmp", "m2.webp", "-o", "m3.webp"],
                     ["-info", "m3.webp"],
                     ["-get", "exif", "m3.webp", "-o", "got.exif"],
                     ["-strip", "icc", "m3.webp", "-o", "m4.webp"],
                     ["-info", "m4.webp"]]
            res = [run("webpmux", a) for a in steps]
            rc, t = run("cwebp", ["-metadata", "all", "-q", "50", "m3.webp",
                                  "-o", "m5.webp"])
            rc2, t2 = run("webpmux", ["-get", "xmp", "m5.webp", "-o",
                                      "got.xmp"])
            rc3, t3 = run("webpmux", ["-get", "icc", "m5.webp", "-o",
                                      "got.icc"])
            out["webpmux-metadata"] = (
                all(r == 0 for r, _ in res) and rc == 0 and rc2 == 0 and
                rc3 == 0 and read("got.exif") == EXIF and
                read("got.xmp") == XMP and read("got.icc") == ICC and
                b"ICCP" not in (read("m4.webp") or b"ICCP"),
                ([r for r, _ in res], rc, rc2, rc3,
                 [_digest(t) for _, t in res], _digest(t),
                 digest("m4.webp"), digest("m5.webp")))
            rc1, t1 = run("webpmux", [
                "-frame", "lossy-q75.webp", "+100",
                "-frame", "lossy-q30.webp", "+80+0+0+1-b",
                "-frame", "crop.webp", "+50+20+10+0+b",
                "-frame", "alpha-q50.webp", "+120+64+48",
                "-loop", "3", "-bgcolor", "255,20,40,60", "-o", "anim.webp"])
            rc2, t2 = run("webpmux", ["-info", "anim.webp"])
            rc3, t3 = run("webpmux", ["-duration", "30,1,2", "anim.webp",
                                      "-o", "anim2.webp"])
            rc4, t4 = run("webpmux", ["-get", "frame", "3", "anim.webp",
                                      "-o", "frame3.webp"])
            out["webpmux-animation"] = (
                rc1 == 0 and rc2 == 0 and rc3 == 0 and rc4 == 0 and
                b"Number of frames: 4" in t2 and
                read("frame3.webp") is not None,
                (rc1, rc2, rc3, rc4, digest("anim.webp"), _digest(t2),
                 digest("anim2.webp"), digest("frame3.webp")))
            # img2webp: frames of a panning scene, a chart and the
            # sprite, lossless, lossy, mixed; anim_dump's frames;
            # anim_diff of the animations.
            frames = ["scene.ppm", "pan1.ppm", "pan2.ppm", "chart-anim.ppm",
                      "sprite-anim.pam"]
            for name, opts in IMG2WEBP:
                rc, t = run("img2webp", opts[0] + frames[:2] + opts[1] +
                            frames[2:] + ["-o", name + ".webp"])
                out["img2webp-" + name] = (
                    rc == 0 and read(name + ".webp") is not None,
                    (rc, _digest(t), digest(name + ".webp")))
            os.makedirs(path("dump"))
            rc, t = run("anim_dump", ["-folder", "dump", "-pam",
                                      "lossless.webp"])
            dumped = sorted(os.listdir(path("dump")))
            # Frame 0, lossless, is the first frame as it was.
            first = read_pnm(read(os.path.join("dump", dumped[0]))) \
                if dumped else None
            out["anim_dump"] = (
                rc == 0 and len(dumped) == len(frames) and
                first == original("scene.ppm"),
                (rc, _digest(t), [digest(os.path.join("dump", f))
                                  for f in dumped]))
            for name, argv, want_rc in (
                    ("same", ["lossless.webp", "lossless.webp"], 0),
                    ("lossy-min-psnr", ["lossless.webp", "lossy.webp",
                                        "-min_psnr", "20"], 0),
                    ("lossy-exact", ["lossless.webp", "lossy.webp"], 253),
                    ("raw-min-psnr", ["lossless.webp", "mixed.webp",
                                      "-raw_comparison", "-max_diff", "4",
                                      "-min_psnr", "20"], 0)):
                rc, t = run("anim_diff", argv)
                out["anim_diff-" + name] = (rc == want_rc, (rc, _digest(t)))
            # webpinfo: every kind of file above, with its diagnosis, the
            # summary and the bitstream headers.
            for name, files in WEBPINFO:
                rc, t = run("webpinfo", ["-diag", "-summary",
                                         "-bitstream_info"] + files)
                out["webpinfo-" + name] = (rc == 0 and len(t) > 0,
                                           (rc, _digest(t)))
            # What goes wrong: a file cut short, not a WebP file, a
            # missing file, an option that is not one, a bad frame
            # option. Each says so and fails.
            write("cut.webp", read("lossy-q75.webp")[:700])
            write("notwebp.webp", b"RIFF\x10\x00\x00\x00WEBPVP8X" + b"\0" * 30)
            for name, tool, argv in (
                    ("dwebp-cut", "dwebp", ["cut.webp", "-ppm", "-o",
                                            "x.ppm"]),
                    ("dwebp-incremental-cut", "dwebp", [
                        "cut.webp", "-incremental", "-ppm", "-o", "x.ppm"]),
                    ("dwebp-not-webp", "dwebp", ["notwebp.webp"]),
                    ("cwebp-not-an-image", "cwebp", ["meta.exif", "-o",
                                                     "x.webp"]),
                    ("cwebp-missing", "cwebp", ["nothere.ppm", "-o",
                                                "x.webp"]),
                    ("cwebp-bad-option", "cwebp", ["-qq", "scene.ppm"]),
                    ("webpinfo-cut", "webpinfo", ["-diag", "cut.webp"]),
                    ("webpmux-bad-frame", "webpmux", [
                        "-frame", "lossy-q75.webp", "+x", "-o", "x.webp"]),
                    ("img2webp-size-mismatch", "img2webp", [
                        "scene.ppm", "chart.ppm", "-o", "x.webp"])):
                rc, t = run(tool, argv)
                out["error-" + name] = (rc != 0 and len(t) > 0,
                                        (rc, _digest(t)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, workdir):
            inputs()
            # The tools by relative names, the inputs through links: the
            # same script for every variant. valgrind follows the shell's
            # children (the .valgrindrc of the work directory, as
            # busybox's workload has it): the instructions count every
            # cwebp and dwebp run.
            for name, target in [("cwebp", binpath["cwebp"]),
                                 ("dwebp", binpath["dwebp"])] + [
                    (f, os.path.join(d, f)) for f, *_ in WORKLOAD_IMAGES]:
                link = os.path.join(workdir, name)
                if os.path.lexists(link):
                    os.remove(link)
                os.symlink(target, link)
            with open(os.path.join(workdir, ".valgrindrc"), "w") as f:
                f.write("--trace-children=yes\n")
            script = os.path.join(workdir, "workload.sh")
            with open(script, "w") as f:
                f.write("set -e\n" + "".join(
                    "./%s -quiet %s\n" % (tool, args)
                    for tool, args in WORKLOAD))
            return ["/bin/sh", script], None

        def binary(tool):
            objs, libs = TOOLS[tool]
            return Binary(tool, [unit_name("examples", f) for f in objs] +
                          ["lib:" + lib for lib in LINK_ORDER
                           if lib in libs], ["-lm", "-lpthread"])

        nlib = sum(len(files.split()) for files in LIBS["webp"].values())
        return [Program(
            "libwebp", [binary(t) for t in TOOLS], check, workload,
            compare=True,
            describe="cwebp, dwebp, webpmux, img2webp, webpinfo, anim_diff "
            "and anim_dump of libwebp %s (%d libwebp sources, no SIMD; "
            "imageio without PNG, JPEG, TIFF or GIF; .text: cwebp's)" % (
                VERSION, nlib),
            workload_text="a shell running cwebp and dwebp over three "
            "generated images (an 800x600 scene lossy at -q 80, a 400x300 "
            "sprite with alpha, a 640x480 chart lossless) and back to PAM; "
            "checks: cwebp lossy (qualities, methods, rate control, "
            "presets, filters), lossless (-z 0-9, near-lossless), alpha, "
            "every input format, dwebp's outputs and options, webpmux "
            "metadata and animation, img2webp, anim_dump, anim_diff, "
            "webpinfo, errors")]


# The recipes of this module, and where they come in the tables.
ORDER = 270
PROJECTS = [Libwebp()]
