"""Expat 2.5.0 (Debian): xmlwf over the package's large test documents,
and its own unit tests (tests/runtests)."""

import hashlib
import os
import shutil

from debsrc import DebianProject, write_if_changed
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest, own_unit

LIB = ["xmlparse", "xmltok", "xmlrole"]
# xmlwf/Makefile.am (FILEMAP: unixfilemap on Linux) and
# tests/Makefile.am (runtests and libruntests.a).
XMLWF = ["xmlwf", "xmlfile", "codepage", "unixfilemap"]
RUNTESTS = ["runtests", "chardata", "structdata", "memcheck", "minicheck"]
# What configure writes on Linux (expat_config.h.cmake, with
# CMakeLists.txt's defaults: XML_DTD, XML_NS, XML_CONTEXT_BYTES 1024),
# but for the hash salt: configure finds arc4random_buf in glibc 2.36, and
# we give that name to a function of our own that returns fixed bytes
# (bench/corpus/expat/fixed_salt.c), as the salt decides the layout of
# the parser's hash tables and so the work done, run to run.
CONFIG = """\
/* bench/lib/projects/expat.py: what configure finds on Linux. */
#ifndef EXPAT_CONFIG_H
#define EXPAT_CONFIG_H 1
#define BYTEORDER 1234
#define HAVE_ARC4RANDOM_BUF 1
#define arc4random_buf bench_fixed_salt
#define HAVE_DLFCN_H 1
#define HAVE_FCNTL_H 1
#define HAVE_GETPAGESIZE 1
#define HAVE_INTTYPES_H 1
#define HAVE_MEMORY_H 1
#define HAVE_MMAP 1
#define HAVE_STDINT_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRINGS_H 1
#define HAVE_STRING_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define PACKAGE "expat"
#define PACKAGE_BUGREPORT "expat-bugs@libexpat.org"
#define PACKAGE_NAME "expat"
#define PACKAGE_STRING "expat 2.5.0"
#define PACKAGE_TARNAME "expat"
#define PACKAGE_URL ""
#define PACKAGE_VERSION "2.5.0"
#define STDC_HEADERS 1
#define XML_CONTEXT_BYTES 1024
#define XML_DTD 1
#define XML_NS 1
#endif
"""
FLAGS = ["-Iexpat/lib",
         # Objects are cached by command: the header's digest in it.
         "-DBENCH_CONFIG_SHA256=" +
         hashlib.sha256(CONFIG.encode()).hexdigest()[:16]]
# testdata/largefiles (its README: "mostly used to benchmark various
# aspects of Expat's performance"): xmlwf's options for each.
DOCS = [("nes96.xml", []), ("recset.xml", []),
        ("wordnet_glossary-20010201.rdf", ["-n"]),
        ("ns_att_test.xml", ["-n"])]
# The workload of xmlwf: WordNet's glossary in RDF, 15 MB, namespaces,
# element content, flat (about 0.5 s natively; ns_att_test.xml takes
# three times as long).
WORKLOAD = "wordnet_glossary-20010201.rdf"


class Expat(DebianProject):
    """libexpat with xmlwf and runtests."""
    name = "expat"
    package, version = "expat", "2.5.0-1+deb12u2"
    orig = "expat_2.5.0.orig.tar.gz"
    sha256 = "ab00ee05c7067fd10a35c5d2a4922ebba746ddd50ff83b79c828da17bbdf1757"
    program_names = ["xmlwf", "expat-runtests"]

    def setup(self, root):
        conf = os.path.join(root, "expat", "lib", "expat_config.h")
        write_if_changed(conf, CONFIG)
        return root

    def units(self, src):
        units = [Unit("expat/lib/%s.c" % f, FLAGS, name="lib_" + f)
                 for f in LIB]
        units += [Unit("expat/xmlwf/%s.c" % f, FLAGS, name="xmlwf_" + f)
                  for f in XMLWF]
        units += [Unit("expat/tests/%s.c" % f, FLAGS, name="tests_" + f)
                  for f in RUNTESTS]
        units.append(own_unit(os.path.join(CORPUS, "expat", "fixed_salt.c"),
                              [], "fixed_salt"))
        return units

    def programs(self, src, ctx):
        lib = ["lib_" + f for f in LIB] + ["fixed_salt"]
        large = os.path.join(src, "testdata", "largefiles")

        def xmlwf_check(ctx, variant, binpath):
            wd = ctx.path("work", "expat-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}
            for doc, opts in DOCS:
                # Well-formed (nothing printed), and its canonical form
                # (-d) compared with the baseline's.
                rc, text = run_capture([binpath["xmlwf"]] + opts +
                                       ["-d", wd, doc], cwd=large)
                path = os.path.join(wd, doc)
                digest = None
                if os.path.exists(path):
                    with open(path, "rb") as f:
                        digest = _digest(f.read())
                    os.remove(path)
                out[doc] = (rc == 0 and not text.strip() and bool(digest),
                            (rc, _digest(text), digest))
            # Errors: a document cut short, with xmlwf's message.
            bad = os.path.join(wd, "truncated.xml")
            with open(os.path.join(large, "nes96.xml"), "rb") as f:
                data = f.read(100000)
            with open(bad, "wb") as f:
                f.write(data)
            rc, text = run_capture([binpath["xmlwf"], "truncated.xml"],
                                   cwd=wd)
            out["truncated"] = (rc != 0 and b"truncated.xml:" in text,
                                (rc, _digest(text)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def xmlwf_workload(binpath, wd):
            return ([binpath["xmlwf"], "-n", "-d", wd,
                     os.path.join(large, WORKLOAD)], None)

        def runtests_check(ctx, variant, binpath):
            rc, text = run_capture([binpath["runtests"]])
            return {"runtests": (rc == 0 and b"Failed: 0" in text,
                                 (rc, _digest(text)))}

        return [
            Program(
                "xmlwf", [Binary("xmlwf", ["xmlwf_" + f for f in XMLWF] +
                                 lib)],
                xmlwf_check, xmlwf_workload, compare=True,
                describe="xmlwf of Expat 2.5.0 (%d library and %d xmlwf "
                "sources, XML_DTD and XML_NS)" % (len(LIB), len(XMLWF)),
                workload_text="xmlwf -n -d of testdata/largefiles/%s (15 "
                "MB of RDF with namespaces, its canonical form written)" %
                WORKLOAD),
            Program(
                "expat-runtests",
                [Binary("runtests", ["tests_" + f for f in RUNTESTS] + lib,
                        ["-lm"])],
                runtests_check, lambda b, w: ([b["runtests"]], None),
                compare=True,
                describe="Expat 2.5.0's unit tests, tests/runtests (%d "
                "library and %d test sources)" % (len(LIB), len(RUNTESTS)),
                workload_text="runtests: its 345 checks of the parser's "
                "API, encodings, DTDs, namespaces and allocation failures"),
        ]


# The recipes of this module, and where they come in the tables.
ORDER = 320
PROJECTS = [Expat()]
