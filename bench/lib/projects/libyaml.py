"""LibYAML 0.2.5 (Debian): its test programs over the package's examples
and a generated YAML stream."""

import os
import shutil

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import _digest, xorshift32

LIB = ["api", "dumper", "emitter", "loader", "parser", "reader", "scanner",
       "writer"]
# CMakeLists.txt's static library: the version it writes into config.h
# (given here without config.h: yaml_private.h includes it only with
# HAVE_CONFIG_H) and YAML_DECLARE_STATIC. No NDEBUG there: the test
# programs check their results with assert().
FLAGS = ["-Iinclude", "-DYAML_DECLARE_STATIC", "-DYAML_VERSION_MAJOR=0",
         "-DYAML_VERSION_MINOR=2", "-DYAML_VERSION_PATCH=5",
         '-DYAML_VERSION_STRING="0.2.5"']
# tests/: `make check`'s test-version and test-reader, and the run-*
# programs that read YAML files (CMakeLists.txt builds them all).
TESTS = ["test-version", "test-reader", "run-scanner", "run-parser",
         "run-loader", "run-emitter", "run-dumper", "run-parser-test-suite",
         "run-emitter-test-suite"]
RECORDS = 40000
LOADER_RECORDS = 2000


def yaml_document(path, n=RECORDS):
    """A YAML stream of n records, the same bytes on every run: block and
    flow collections, every scalar style, escapes, tags and a %TAG
    directive, anchors, aliases and merge keys, complex keys, comments,
    two documents."""
    if os.path.exists(path):
        return path
    rnd = xorshift32()
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
             "theta", "iota", "kappa", "lambda", "mu", "nu", "xi",
             "omicron", "pi", "rho", "sigma", "tau", "upsilon"]

    def phrase(k):
        return " ".join(words[rnd() % len(words)] for _ in range(k))
    out = ["%YAML 1.1\n", "%TAG !e! tag:example.com,2024:\n", "---\n",
           "defaults: &defaults\n", "  retries: 3\n",
           "  timeout: 2.5\n", "  tags: [base, \"quoted, comma\"]\n",
           "records:\n"]
    for i in range(n):
        r = rnd()
        out.append("- id: %d\n" % i)
        out.append("  name: %s\n" % phrase(1 + r % 3))
        out.append("  <<: *defaults\n")
        kind = r % 6
        if kind == 0:
            out.append("  note: \"%s\\t\\u00e9\\x41 \\\"q\\\"\"\n" %
                       phrase(3))
        elif kind == 1:
            out.append("  text: |\n")
            for _ in range(1 + r % 4):
                out.append("    %s\n" % phrase(6))
        elif kind == 2:
            out.append("  folded: >-\n")
            for _ in range(2 + r % 3):
                out.append("    %s\n" % phrase(5))
        elif kind == 3:
            out.append("  point: !e!point {x: %d, y: %d, z: %d}\n" % (
                r % 1000, (r >> 10) % 1000, (r >> 20) % 1000))
        elif kind == 4:
            out.append("  single: '%s ''quoted'' %d'\n" % (phrase(2), r))
        else:
            out.append("  ? complex key %d\n  : [%s]\n" % (
                r % 97, ", ".join(str((r >> k) % 50) for k in range(8))))
        out.append("  values:\n")
        for k in range(r % 5):
            out.append("    - &a%d_%d %d.%03d\n" % (i, k, (r >> k) % 100,
                                                  k * 7))
        if r % 5:
            out.append("    - *a%d_0\n" % i)
        out.append("  enabled: %s  # a comment\n" %
                   ("true" if r & 1 else "no"))
    out.append("...\n--- !!map\nsummary: {count: %d, ok: yes}\n" % n)
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("".join(out))
    os.replace(tmp, path)
    return path


class Libyaml(DebianProject):
    """libyaml and the programs of its tests/."""
    name = "libyaml"
    package, version = "libyaml", "0.2.5-1"
    orig = "libyaml_0.2.5.orig.tar.gz"
    sha256 = "fa240dbf262be053f3898006d502d514936c818e422afdcf33921c63bed9bf2e"
    program_names = ["libyaml"]

    def units(self, src):
        units = [Unit("src/%s.c" % f, FLAGS, name="yaml_" + f) for f in LIB]
        units += [Unit("tests/%s.c" % t, FLAGS, name=t.replace("-", "_"))
                  for t in TESTS]
        return units

    def programs(self, src, ctx):
        lib = ["yaml_" + f for f in LIB]
        binaries = [Binary("run-parser-test-suite",
                           ["run_parser_test_suite"] + lib)]
        binaries += [Binary(t, [t.replace("-", "_")] + lib) for t in TESTS
                     if t != "run-parser-test-suite"]
        # The package's own YAML files, named relative to the source
        # directory (the programs print the names).
        examples = sorted("examples/" + f for f in
                          os.listdir(os.path.join(src, "examples")))
        regression = sorted("regression-inputs/" + f for f in
                            os.listdir(os.path.join(src,
                                                    "regression-inputs")))

        def document(ctx):
            return yaml_document(ctx.path("work", "libyaml-input.yaml"))

        def check(ctx, variant, binpath):
            big = document(ctx)
            small = yaml_document(ctx.path("work",
                                           "libyaml-input-small.yaml"),
                                  LOADER_RECORDS)
            wd = ctx.path("work", "libyaml-check", variant.key)
            shutil.rmtree(wd, ignore_errors=True)
            os.makedirs(wd)
            out = {}

            def trun(name, argv, ok=lambda rc, text: rc == 0):
                rc, text = run_capture([binpath[name]] + argv, cwd=src)
                out[name + " " + " ".join(argv)[:40]] = (
                    ok(rc, text), (rc, _digest(text)))
                return text

            # make check.
            trun("test-version", [])
            trun("test-reader", [])
            # Every example through each program; the regression input
            # (a fuzzer's) is an error that must be reported as one.
            for t in ("run-scanner", "run-parser", "run-loader"):
                trun(t, examples, lambda rc, text: rc == 0 and
                     b"FAILURE" not in text)
                trun(t, regression, lambda rc, text: rc == 0 and
                     b"FAILURE" in text)
            # Parsed, emitted, parsed again and compared.
            for t in ("run-emitter", "run-dumper"):
                trun(t, examples, lambda rc, text: rc == 0 and
                     b"FAILED" not in text)
            # The generated stream: scanned, parsed, loaded, then its
            # events emitted as YAML by run-emitter-test-suite and parsed
            # again: the same events.
            # (run-loader on a share of it: its check of an anchor
            # against those before it makes it quadratic in the anchors,
            # a minute natively for the whole stream.)
            for t in ("run-scanner", "run-parser"):
                trun(t, [big], lambda rc, text: rc == 0 and
                     b"SUCCESS" in text)
            trun("run-loader", [small], lambda rc, text: rc == 0 and
                 b"SUCCESS (2 documents)" in text)
            events = trun("run-parser-test-suite", [big])
            evpath = os.path.join(wd, "events.txt")
            with open(evpath, "wb") as f:
                f.write(events)
            again = trun("run-emitter-test-suite", [evpath])
            ypath = os.path.join(wd, "again.yaml")
            with open(ypath, "wb") as f:
                f.write(again)
            rc, text = run_capture([binpath["run-parser-test-suite"],
                                    ypath], cwd=src)
            out["round trip"] = (rc == 0 and text == events and
                                 len(events) > 1000000, (rc, _digest(text)))
            shutil.rmtree(wd, ignore_errors=True)
            return out

        def workload(binpath, wd):
            return [binpath["run-parser-test-suite"], document(ctx)], None

        return [Program(
            "libyaml", binaries, check, workload, compare=True,
            describe="LibYAML 0.2.5: tests/run-parser-test-suite and the "
            "other %d programs of tests/ (%d library sources)" % (
                len(TESTS) - 1, len(LIB)),
            workload_text="run-parser-test-suite of a generated %.1f MB YAML "
            "stream (%d records: every scalar style, anchors, tags), its "
            "events printed" % (RECORDS * 214 / 1e6, RECORDS))]


# The recipes of this module, and where they come in the tables.
ORDER = 330
PROJECTS = [Libyaml()]
