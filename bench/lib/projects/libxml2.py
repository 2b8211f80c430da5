"""xmllint (npm libxml2)."""

import os

from harness import Binary, Program, Project, Unit, run_capture
from projects.common import CORPUS, _digest


XMLLINT_CHECKS = [
    ("valid", ["--valid", "--noout", "library.xml"]),
    ("noent-format", ["--noent", "--format", "library.xml"]),
    ("xpath-title", ["--xpath", "//book[author='Knuth']/title/text()",
                     "library.xml"]),
    ("xpath-count", ["--xpath", "count(//author) + sum(//year)",
                     "library.xml"]),
    ("xpath-string", ["--xpath", "string(id(//book[@lent='yes']/@see)/@topic)",
                      "library.xml"]),
    ("invalid", ["--valid", "--noout", "invalid.xml"]),
    ("broken", ["--noout", "broken.xml"]),
    ("recover", ["--recover", "broken.xml"]),
    ("c14n", ["--c14n", "ns.xml"]),
    ("exc-c14n", ["--exc-c14n", "ns.xml"]),
    ("c14n11", ["--c14n11", "ns.xml"]),
    ("ns-format", ["--format", "--nsclean", "ns.xml"]),
    ("schema", ["--schema", "orders.xsd", "--noout", "orders.xml"]),
    ("schema-bad", ["--schema", "orders.xsd", "--noout", "orders-bad.xml"]),
    ("relaxng", ["--relaxng", "notes.rng", "--noout", "notes.xml"]),
    ("relaxng-bad", ["--relaxng", "notes.rng", "--noout", "notes-bad.xml"]),
    ("schematron", ["--schematron", "rules.sch", "--noout", "library.xml"]),
    ("html", ["--html", "--format", "page.html"]),
    ("html-xpath", ["--html", "--xpath", "//td[2]", "page.html"]),
    ("xinclude", ["--xinclude", "book.xml"]),
    ("debug", ["--debug", "ns.xml"]),
    ("sax", ["--sax", "ns.xml"]),
    ("sax1", ["--sax1", "library.xml"]),
    ("stream", ["--stream", "--valid", "--noout", "library.xml"]),
    ("walker", ["--walker", "ns.xml"]),
    ("push", ["--push", "--format", "library.xml"]),
    ("encode", ["--encode", "ISO-8859-1", "library.xml"]),
    ("shell", ["--shell", "library.xml"], "shell.cmds"),
]


def big_orders(path, n=6000):
    """A large instance of orders.xsd, the same bytes on every run."""
    if os.path.exists(path):
        return path
    parts = ['<?xml version="1.0"?>\n<orders>\n']
    for i in range(n):
        parts.append('  <order id="o%d"%s><date>2024-%02d-%02d</date>\n' % (
            i, ' status="shipped"' if i % 3 == 0 else "", 1 + i % 12,
            1 + i % 28))
        for j in range(1 + i % 4):
            k = i * 4 + j
            parts.append(
                '    <line n="%d"><sku>%s-%04d</sku><qty>%d</qty>'
                '<price>%d.%02d</price>%s</line>\n' % (
                    k, "".join(chr(65 + (k * m) % 26) for m in (3, 5, 7)),
                    k % 10000, 1 + k % 17, k % 500, k % 100,
                    "<gift>true</gift>" if k % 11 == 0 else ""))
        parts.append("  </order>\n")
    parts.append("</orders>\n")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("".join(parts))
    os.replace(tmp, path)
    return path


class Libxml2(Project):
    name = "libxml2"
    package, version = "libxmljs2", "0.37.0"
    sha256 = "3d48b0c92fe3353fcc24f5260c440cf37d34887114d31f45d09c506c0bf0b44e"
    program_names = ["xmllint"]
    # Not part of the library: other programs, and trio (not configured).
    NOT_LIB = {"runsuite.c", "rngparser.c", "xmlcatalog.c", "xmllint.c",
               "trio.c", "trionan.c", "triostr.c"}
    # dict.c and hash.c seed their hash functions from rand() and time(),
    # so the instructions executed differed from run to run (by up to 2%).
    # The one switch that turns the seeding off is the fuzzing-build macro,
    # and in these two files it does nothing else: set it for them alone.
    FIXED_SEED = {f: ["-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION"]
                  for f in ("dict.c", "hash.c")}

    def setup(self, root):
        src = os.path.join(root, "vendor", "libxml")
        # A GCC precompiled config.h ships in the package: never use it.
        gch = os.path.join(src, "config.h.gch")
        if os.path.exists(gch):
            os.remove(gch)
        return src

    def units(self, src):
        # The package's own defines (binding.gyp), and the reader and the
        # debug module that libxml2's configure turns on by default and
        # xmllint's --stream, --walker, --debug and --shell need.
        flags = ["-I", "include", "-I", ".", "-DLIBXML_XINCLUDE_ENABLED",
                 "-DLIBXML_SCHEMATRON_ENABLED", "-DLIBXML_READER_ENABLED",
                 "-DLIBXML_DEBUG_ENABLED"]
        lib = sorted(f for f in os.listdir(src)
                     if f.endswith(".c") and f not in self.NOT_LIB)
        self.lib = [os.path.splitext(f)[0] for f in lib]
        return [Unit(f, flags + self.FIXED_SEED.get(f, [])) for f in lib] + \
            [Unit("xmllint.c", flags)]

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "xml")
        big = big_orders(ctx.path("work", "big-orders.xml"))

        def check(ctx, variant, binpath):
            out = {}
            for c in XMLLINT_CHECKS + [
                    ("big-orders", ["--schema", "orders.xsd", "--xpath",
                                    "count(//line)", big])]:
                name, argv = c[0], c[1]
                stdin = os.path.join(d, c[2]) if len(c) > 2 else None
                rc, text = run_capture([binpath["xmllint"]] + argv, stdin,
                                       cwd=d)
                # xmllint's exit code tells what was wrong with the input:
                # any exit is fine, a crash or a hang is not; the baseline
                # comparison does the rest.
                ok = isinstance(rc, int) and 0 <= rc < 64
                out[name] = (ok, (rc, _digest(text)))
            return out

        def workload(binpath, workdir):
            return ([binpath["xmllint"], "--schema",
                     os.path.join(d, "orders.xsd"), "--format", "--output",
                     os.devnull, big], None)

        return [Program(
            "xmllint", [Binary("xmllint", self.lib + ["xmllint"], ["-lm"])],
            check, workload, compare=True,
            describe="xmllint and libxml2 %s (%d library sources)" % (
                "2.9.9", len(self.lib)),
            workload_text="validate a generated 6000-order document against "
            "bench/corpus/xml/orders.xsd and reformat it")]


# The recipes of this module, and where they come in the tables.
ORDER = 20
PROJECTS = [Libxml2()]
