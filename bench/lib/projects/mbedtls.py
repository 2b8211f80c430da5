"""Mbed TLS 2.28 (Debian): its self-test program and a few of its own
test suites."""

import hashlib
import os
import subprocess
import sys

from debsrc import DebianProject, write_if_changed
from harness import BenchError, Binary, Program, Unit, run_capture
from projects.common import _digest

# library/Makefile's OBJS_X509 and OBJS_TLS; every other source of
# library/ is in OBJS_CRYPTO.
X509 = ["certs", "pkcs11", "x509", "x509_create", "x509_crl", "x509_crt",
        "x509_csr", "x509write_crt", "x509write_csr"]
TLS = ["debug", "net_sockets", "ssl_cache", "ssl_ciphersuites", "ssl_cli",
       "ssl_cookie", "ssl_msg", "ssl_srv", "ssl_ticket", "ssl_tls",
       "ssl_tls13_keys"]
# tests/suites: (function file, data file) of the test suites we build,
# as tests/Makefile generates them (test_suite_X.Y.data uses
# test_suite_X.function). Not those whose results depend on the date
# (x509parse: certificates' validity) or that take seconds (ssl).
SUITES = ["rsa", "ecp", "ecdsa", "pkparse", "cipher.gcm", "bignum.misc",
          "md", "aes.cbc"]
# The workload: PEM, base64, ASN.1, PKCS#5/#8/#12 decryption (DES, AES,
# RC4, PBKDF2) and RSA and EC key checks, 290 cases from key files.
WORKLOAD = "pkparse"
# The default configuration (include/mbedtls/config.h) without assembly
# and the x86-64 AES-NI and VIA PadLock code: the portable C paths, the
# same code on every target. config.h includes MBEDTLS_USER_CONFIG_FILE
# at its end for changes of this kind.
CONFIG = """\
/* bench/lib/projects/mbedtls.py: the portable C paths. */
#undef MBEDTLS_HAVE_ASM
#undef MBEDTLS_AESNI_C
#undef MBEDTLS_PADLOCK_C
"""
CONFIG_FLAGS = [
    '-DMBEDTLS_USER_CONFIG_FILE="bench_config.h"',
    # Objects are cached by command: the header's digest in it.
    "-DBENCH_CONFIG_SHA256=" + hashlib.sha256(CONFIG.encode()).hexdigest()
    [:16]]
# Where setup() puts the generated test suites: in tests/, as
# tests/Makefile does, under a directory of its own.
GEN_DIR = "bench-gen"
GEN = "tests/" + GEN_DIR


def suite_name(s):
    return "test_suite_" + s


class Mbedtls(DebianProject):
    """libmbedcrypto, libmbedx509 and libmbedtls with the programs that
    test them."""
    name = "mbedtls"
    package, version = "mbedtls", "2.28.3-1"
    orig = "mbedtls_2.28.3.orig.tar.gz"
    sha256 = "3b4953aa55a681e084d31892d9904cc5328d6b4958ea57b90ae4b4f94ae69a8d"
    program_names = ["mbedtls"]
    # library/Makefile and tests/Makefile (without -O2 and warnings);
    # upstream's release build keeps assert() out of it by itself (no
    # NDEBUG there either).
    LIB_FLAGS = ["-Iinclude", "-Ilibrary",
                 "-D_FILE_OFFSET_BITS=64"] + CONFIG_FLAGS
    TEST_FLAGS = ["-Itests/include", "-Iinclude", "-Ilibrary",
                  "-D_FILE_OFFSET_BITS=64",
                  "-D_POSIX_C_SOURCE=200809L"] + CONFIG_FLAGS
    PROG_FLAGS = ["-Itests/include", "-Iinclude",
                  "-D_FILE_OFFSET_BITS=64"] + CONFIG_FLAGS

    def setup(self, root):
        conf = os.path.join(root, "include", "bench_config.h")
        write_if_changed(conf, CONFIG)
        # The test suites' C files and their .datax, generated from
        # tests/suites as tests/Makefile does (a Python script of the
        # package's own, tests/scripts/generate_test_code.py).
        gen = os.path.join(root, GEN)
        os.makedirs(gen, exist_ok=True)
        for s in SUITES:
            base = suite_name(s)
            if os.path.exists(os.path.join(gen, base + ".datax")):
                continue
            func = suite_name(s.split(".")[0])
            r = subprocess.run(
                [sys.executable, "scripts/generate_test_code.py",
                 "-f", "suites/%s.function" % func,
                 "-d", "suites/%s.data" % base,
                 "-t", "suites/main_test.function",
                 "-p", "suites/host_test.function", "-s", "suites",
                 "--helpers-file", "suites/helpers.function",
                 "-o", GEN_DIR],
                cwd=os.path.join(root, "tests"), stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT)
            if r.returncode:
                raise BenchError("generate_test_code.py %s failed:\n%s" % (
                    s, r.stdout.decode(errors="replace")[-3000:]))
        return root

    def archives(self):
        return {"mbedcrypto": self.crypto, "mbedx509": self.x509,
                "mbedtls": self.tls, "mbedtest": self.test}

    def units(self, src):
        lib = sorted(f[:-2] for f in os.listdir(os.path.join(src, "library"))
                     if f.endswith(".c"))
        units = [Unit("library/%s.c" % f, self.LIB_FLAGS, name="lib_" + f)
                 for f in lib]
        self.x509 = ["lib_" + f for f in X509]
        self.tls = ["lib_" + f for f in TLS]
        self.crypto = ["lib_" + f for f in lib
                       if f not in X509 and f not in TLS]
        # tests/Makefile's MBEDTLS_TEST_OBJS, which programs/ link too.
        test = []
        for d in ("tests/src", "tests/src/drivers", "tests/src/test_helpers"):
            test += sorted(d + "/" + f for f in
                           os.listdir(os.path.join(src, d))
                           if f.endswith(".c"))
        units += [Unit(f, self.TEST_FLAGS, name="t_" + os.path.basename(
            f)[:-2]) for f in test]
        self.test = [u.name for u in units[len(lib):]]
        units.append(Unit("programs/test/selftest.c", self.PROG_FLAGS,
                          name="selftest"))
        units += [Unit("%s/%s.c" % (GEN, suite_name(s)), self.TEST_FLAGS,
                       name=suite_name(s).replace(".", "_"))
                  for s in SUITES]
        return units

    def programs(self, src, ctx):
        libs = ["lib:mbedtest", "lib:mbedtls", "lib:mbedx509",
                "lib:mbedcrypto"]
        binaries = [Binary("selftest", ["selftest"] + libs)]
        binaries += [Binary(suite_name(s), [suite_name(s).replace(".", "_")]
                            + libs) for s in SUITES]
        tests = os.path.join(src, "tests")

        def suite_argv(binpath, s):
            # From tests/, as tests/Makefile runs them: the data files
            # name key files under tests/data_files.
            return [binpath[suite_name(s)],
                    "%s/%s.datax" % (GEN_DIR, suite_name(s))]

        def check(ctx, variant, binpath):
            out = {}
            # Every self-test but the timing one (its result depends on
            # the machine's timer) and the entropy one (which gathers
            # the machine's entropy: its work differs from run to run).
            rc, text = run_capture([binpath["selftest"], "--exclude",
                                    "timing", "entropy"], cwd=tests)
            out["selftest"] = (rc == 0 and b"[ All tests PASS ]" in text,
                               (rc, _digest(text)))
            for s in SUITES:
                rc, text = run_capture(suite_argv(binpath, s), cwd=tests)
                last = text.strip().splitlines()[-1:]
                ok = rc == 0 and bool(last) and \
                    last[0].startswith(b"PASSED")
                out[suite_name(s)] = (ok, (rc, _digest(text)))
            return out

        def workload(binpath, workdir):
            # It runs in its work directory: the key files through a link
            # there, named as the data file names them.
            link = os.path.join(workdir, "data_files")
            if not os.path.lexists(link):
                os.symlink(os.path.join(tests, "data_files"), link)
            return [binpath[suite_name(WORKLOAD)], os.path.join(
                tests, GEN_DIR, suite_name(WORKLOAD) + ".datax")], None

        return [Program(
            "mbedtls", binaries, check, workload, timed=suite_name(WORKLOAD),
            compare=True,
            describe="Mbed TLS 2.28.3: programs/test/selftest and %d of its "
            "test suites (tests/suites, generated by its own script), %d "
            "library and %d test-helper sources" % (
                len(SUITES), len(self.crypto) + len(self.x509) +
                len(self.tls), len(self.test)),
            workload_text="test_suite_%s: its 290 cases (PEM and DER keys, "
            "encrypted ones too, parsed and checked)" % WORKLOAD)]


# The recipes of this module, and where they come in the tables.
ORDER = 300
PROJECTS = [Mbedtls()]
