"""cmark, the CommonMark reference implementation (Debian)."""

import os
import subprocess
import sys

import harness
from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest

# What CMake's configure_file and generate_export_header make (the
# static library's: CMARK_STATIC_DEFINE, nothing exported).
MADE = {
    "cmark_version.h": """#ifndef CMARK_VERSION_H
#define CMARK_VERSION_H
#define CMARK_VERSION ((0 << 16) | (30 << 8)  | 2)
#define CMARK_VERSION_STRING "0.30.2"
#endif
""",
    "cmark_export.h": """#ifndef CMARK_EXPORT_H
#define CMARK_EXPORT_H
#define CMARK_EXPORT
#define CMARK_NO_EXPORT
#endif
"""}
# config.h.in with HAVE_STDBOOL_H, HAVE___BUILTIN_EXPECT and
# HAVE___ATTRIBUTE__ found.
CONFIG_DEFINES = ["HAVE_STDBOOL_H", "HAVE___BUILTIN_EXPECT",
                  "HAVE___ATTRIBUTE__"]


class Cmark(DebianProject):
    """The cmark 0.30.2 command line: the CommonMark block parser, the
    inline parser (delimiter stacks, recursive-descent link and emphasis
    handling), re2c scanners and the HTML, XML, man, LaTeX and CommonMark
    renderers."""
    name = "cmark"
    package, version = "cmark", "0.30.2-6"
    orig = "cmark_0.30.2.orig.tar.gz"
    sha256 = "6c7d2bcaea1433d977d8fed0b55b71c9d045a7cdf616e3cd2dce9007da753db3"
    program_names = ["cmark"]
    # src/CMakeLists.txt's LIBRARY_SOURCES (the static library) and
    # main.c; C99, a release build.
    LIB = ["cmark", "node", "iterator", "blocks", "inlines", "scanners",
           "utf8", "buffer", "references", "render", "man", "xml", "html",
           "commonmark", "latex", "houdini_href_e", "houdini_html_e",
           "houdini_html_u", "cmark_ctype"]
    FLAGS = ["-std=c99", "-DNDEBUG", "-DCMARK_STATIC_DEFINE", "-I", "src"]
    # The workload's input: bench/samples/*.md (upstream's "newbench"
    # samples) and the spec, repeated (3 MB), given FILES times on the
    # command line (cmark parses them as one document).
    SAMPLE_REPEAT, SPEC_REPEAT, FILES = 60, 12, 8

    def setup(self, root):
        with open(os.path.join(root, "src", "config.h.in")) as f:
            config = f.read()
        for d in CONFIG_DEFINES:
            config = config.replace("#cmakedefine %s\n" % d,
                                    "#define %s\n" % d)
        made = dict(MADE, **{"config.h": config})
        for name, text in made.items():
            dest = os.path.join(root, "src", name)
            old = None
            if os.path.exists(dest):
                with open(dest) as f:
                    old = f.read()
            if old != text:
                with open(dest + ".tmp", "w") as f:
                    f.write(text)
                os.replace(dest + ".tmp", dest)
        return root

    def units(self, src):
        return [Unit("src/%s.c" % f, self.FLAGS, name="cmark_" + f)
                for f in self.LIB + ["main"]]

    def programs(self, src, ctx):
        samples = sorted(os.path.join(src, "bench", "samples", f)
                         for f in os.listdir(os.path.join(src, "bench",
                                                          "samples"))
                         if f.endswith(".md"))
        spec = os.path.join(src, "test", "spec.txt")

        def make_input(path):
            if not os.path.exists(path):
                parts = []
                for f in samples:
                    with open(f, "rb") as fh:
                        parts.append(fh.read())
                with open(spec, "rb") as fh:
                    spec_text = fh.read()
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path + ".tmp", "wb") as fh:
                    for _ in range(self.SAMPLE_REPEAT):
                        for p in parts:
                            fh.write(p + b"\n\n")
                    for _ in range(self.SPEC_REPEAT):
                        fh.write(spec_text + b"\n\n")
                os.replace(path + ".tmp", path)
            return path

        def check(ctx, variant, binpath):
            exe = binpath["cmark"]
            out = {}
            # test/CMakeLists.txt's tests of the executable: the spec's
            # examples, smart punctuation, the regressions. spec_tests.py
            # exits with the number of failures.
            for name, txt, opts in (("spec", "spec.txt", ""),
                                    ("smart-punct", "smart_punct.txt",
                                     " --smart"),
                                    ("regression", "regression.txt", "")):
                # The host's Python runs the program, under the target's
                # emulator when it is another target's.
                try:
                    r = subprocess.run(
                        [sys.executable, os.path.join(src, "test",
                                                      "spec_tests.py"),
                         "--no-normalize", "--spec",
                         os.path.join(src, "test", txt), "--program",
                         " ".join(harness.TARGET.emulator + [exe]) + opts],
                        cwd=os.path.join(src, "test"),
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                        timeout=900)
                    rc, text = r.returncode, r.stdout
                except subprocess.TimeoutExpired as e:
                    rc, text = "timeout", e.stdout or b""
                last = text.decode(errors="replace").strip() \
                    .splitlines()[-1:]
                out["test-" + name] = (rc == 0 and bool(last) and
                                       " 0 failed" in last[0],
                                       (rc, last))
            # Every renderer on the spec and the samples: output as the
            # baseline's.
            for fmt, opts in (("html", ["--sourcepos"]), ("xml", []),
                              ("man", []), ("latex", []),
                              ("commonmark", ["--width", "60"])):
                for f in [spec] + samples:
                    rc, text = run_capture([exe, "-t", fmt] + opts + [f])
                    out["%s-%s" % (fmt, os.path.basename(f))] = (
                        rc == 0 and len(text) > 0, (rc, _digest(text)))
            # The workload's input, HTML as the baseline's.
            rc, text = run_capture(
                [exe, "--smart", make_input(ctx.path("work",
                                                     "cmark-input.md"))])
            out["workload"] = (rc == 0 and len(text) > 0,
                               (rc, len(text), _digest(text)))
            return out

        def workload(binpath, workdir):
            return ([binpath["cmark"], "--smart"] + [make_input(
                ctx.path("work", "cmark-input.md"))] * self.FILES, None)

        return [Program(
            "cmark", [Binary("cmark", ["cmark_main"] +
                             ["cmark_" + f for f in self.LIB])],
            check, workload, compare=True,
            describe="the cmark 0.30.2 command line (%d library sources "
            "and main.c)" % len(self.LIB),
            workload_text="cmark --smart to HTML of bench/samples/*.md "
            "(%d times) and the spec (%d times), %d times over; checks: "
            "spec_tests.py on spec.txt, smart_punct.txt and regression.txt, every renderer "
            "on the spec and the samples, the workload's HTML" % (
                self.SAMPLE_REPEAT, self.SPEC_REPEAT, self.FILES))]


# The recipes of this module, and where they come in the tables.
ORDER = 68
PROJECTS = [Cmark()]
