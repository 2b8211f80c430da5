"""Debian source packages for the corpus, beside npm's tarballs.

A project of this kind (DebianProject) names a source package, its Debian
version, its upstream ("orig") tarball and that tarball's sha256. The
tarball comes from Debian's archive with apt-get source, through an apt
state of our own under the cache:

    CACHE/debian/apt/      sources (deb-src entries made from apt's own
                           entries for the release), lists, apt's cache
    CACHE/debian/          the downloaded .dsc, orig and debian tarballs
    CACHE/src/debian-NAME-VERSION/   the orig tarball, unpacked

so the machine's apt configuration is left as it is, and the Sources
indexes are fetched only when a tarball is missing. Only the orig tarball
is used and checked: Debian's patches are not applied (the recipes in
projects/ say what they build).
"""

import glob
import os
import re
import shutil
import subprocess
import tarfile
import tempfile

from harness import BenchError, Project, log, sha256_file

APT_SOURCES = "/etc/apt/sources.list"
APT_PARTS = "/etc/apt/sources.list.d"
_updated = set()  # apt dirs whose lists this process has fetched


class DebianProject(Project):
    """A project built from a Debian source package's orig tarball.

    package: the source package; version: its Debian version (what
    apt-get source asks for); orig: the upstream tarball's file name;
    sha256: that tarball's; suite: the release the version is pinned in."""

    orig = None
    suite = "bookworm"

    def fetch_source(self, ctx):
        return fetch(ctx, self)


# ---------------------------------------------------------------- sources

def _deb822_stanzas(text):
    """The stanzas of a deb822 .sources file: lists of (field, value
    lines), comments dropped, continuation lines kept with their field."""
    stanzas, cur = [], []
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        if not line.strip():
            if cur:
                stanzas.append(cur)
                cur = []
            continue
        if line[0] in " \t" and cur:
            cur[-1][1].append(line)
            continue
        field, _, value = line.partition(":")
        cur.append([field.strip(), [value.strip()]])
    if cur:
        stanzas.append(cur)
    return stanzas


def source_entries(suite, sources=APT_SOURCES, parts=APT_PARTS):
    """deb-src entries for apt's own Debian entries of suite.

    Every "deb" entry of apt's configuration whose suite is `suite` or
    one of its companions (suite-updates, suite-security) becomes a
    "deb-src" entry for the same archive, suites and components, signed
    by the same keys. Returns (one-line entries, deb822 text)."""
    def ours(s):
        return s == suite or s.startswith(suite + "-")

    lines = []
    files = [sources] + sorted(glob.glob(os.path.join(parts, "*.list")))
    for path in files:
        if not os.path.exists(path):
            continue
        with open(path) as f:
            for line in f:
                words = line.split("#", 1)[0].split()
                if not words or words[0] != "deb":
                    continue
                # deb [options] uri suite component...
                rest = words[1:]
                opts = []
                if rest and rest[0].startswith("["):
                    while rest:
                        opts.append(rest.pop(0))
                        if opts[-1].endswith("]"):
                            break
                if len(rest) >= 2 and ours(rest[1]):
                    lines.append(" ".join(["deb-src"] + opts + rest))
    stanzas = []
    for path in sorted(glob.glob(os.path.join(parts, "*.sources"))):
        with open(path) as f:
            for st in _deb822_stanzas(f.read()):
                fields = {k.lower(): v for k, v in st}
                types = " ".join(fields.get("types", [""])).split()
                enabled = " ".join(fields.get("enabled", ["yes"])).strip()
                suites = [s for s in " ".join(fields.get("suites", [""]))
                          .split() if ours(s)]
                if "deb" not in types or enabled.lower() == "no" or \
                        not suites:
                    continue
                out = []
                for k, v in st:
                    if k.lower() == "types":
                        v = ["deb-src"]
                    elif k.lower() == "suites":
                        v = [" ".join(suites)]
                    elif k.lower() == "architectures":
                        continue  # of binary packages only
                    text = "%s: %s" % (k, "\n".join(v))
                    out.append("\n".join(t.rstrip()
                                         for t in text.split("\n")))
                stanzas.append("\n".join(out))
    return lines, "\n\n".join(stanzas) + ("\n" if stanzas else "")


def configured_header(template_path, values):
    """A config.h as configure writes it from its template (config.h.in):
    each `#undef NAME` becomes `#define NAME VALUE` where values has NAME,
    and is commented out where it has not."""
    with open(template_path) as f:
        return re.sub(
            r"^#undef (\w+)\s*$",
            lambda m: "#define %s %s" % (m.group(1), values[m.group(1)])
            if m.group(1) in values else "/* #undef %s */" % m.group(1),
            f.read(), flags=re.M)


def write_if_changed(path, text):
    """Write text to path (through a temporary, replaced in one step)
    unless it holds that already; whether it wrote."""
    old = None
    if os.path.exists(path):
        with open(path) as f:
            old = f.read()
    if old != text:
        with open(path + ".tmp", "w") as f:
            f.write(text)
        os.replace(path + ".tmp", path)
        return True
    return False


def apt_options(aptdir):
    """apt-get's options for our own state under aptdir."""
    return [
        "-o", "Dir::Etc::SourceList=" + os.path.join(aptdir, "sources.list"),
        "-o", "Dir::Etc::SourceParts=" + os.path.join(aptdir, "sources.d"),
        "-o", "Dir::State::Lists=" + os.path.join(aptdir, "lists"),
        "-o", "Dir::Cache=" + os.path.join(aptdir, "cache"),
        # Downloads into the cache, which apt's own _apt user may not be
        # able to write: fetch as the user that runs bench/run.
        "-o", "APT::Sandbox::User=" + ("root" if os.geteuid() == 0 else
                                       os.environ.get("USER", "nobody")),
        "-q",
    ]


def prepare_apt(ctx, suite):
    """Our apt state for suite's sources, its lists fetched (once per
    process, and only when asked for). Returns apt-get's options."""
    aptdir = os.path.join(ctx.cache, "debian", "apt-" + suite)
    for d in ("sources.d", "lists/partial", "cache/archives/partial"):
        os.makedirs(os.path.join(aptdir, d), exist_ok=True)
    lines, deb822 = source_entries(suite)
    if not lines and not deb822:
        raise BenchError(
            "no Debian %s entry in apt's sources (%s, %s/): the Debian source "
            "packages of the corpus are pinned to %s's versions" % (
                suite, APT_SOURCES, APT_PARTS, suite))
    changed = write_if_changed(os.path.join(aptdir, "sources.list"),
                                "".join(line + "\n" for line in lines))
    changed |= write_if_changed(
        os.path.join(aptdir, "sources.d", "bench.sources"), deb822)
    opts = apt_options(aptdir)
    if aptdir not in _updated or changed:
        log("apt-get update (deb-src for %s, lists in %s)" % (suite, aptdir))
        r = subprocess.run(["apt-get"] + opts + ["update"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if r.returncode:
            raise BenchError("apt-get update for the Debian sources failed:\n"
                             + r.stdout.decode(errors="replace")[-3000:])
        _updated.add(aptdir)
    return opts


def download(ctx, project):
    """The project's orig tarball in CACHE/debian, checked by sha256."""
    ddir = os.path.join(ctx.cache, "debian")
    os.makedirs(ddir, exist_ok=True)
    orig = os.path.join(ddir, project.orig)
    if os.path.exists(orig) and sha256_file(orig) == project.sha256:
        return orig
    opts = prepare_apt(ctx, project.suite)
    want = "%s=%s" % (project.package, project.version)
    with tempfile.TemporaryDirectory(dir=ddir) as tmp:
        log("[%s] apt-get source --download-only %s" % (project.name, want))
        r = subprocess.run(["apt-get"] + opts + ["source", "--download-only",
                                                 want],
                           cwd=tmp, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT)
        if r.returncode:
            # The archive keeps one version per suite: after a Debian
            # revision (a security update), the pinned one is gone, but the
            # upstream tarball usually is the same. Take the current one
            # if it is, by its sha256.
            log("[%s] %s is not in the archive (%s); trying the current "
                "version of %s for the same orig tarball" % (
                    project.name, want, r.stdout.decode(
                        errors="replace").strip().splitlines()[-1:],
                    project.package))
            r = subprocess.run(["apt-get"] + opts + [
                "source", "--download-only", project.package], cwd=tmp,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            if r.returncode:
                raise BenchError("apt-get source %s failed:\n%s" % (
                    project.package,
                    r.stdout.decode(errors="replace")[-3000:]))
        got = os.path.join(tmp, project.orig)
        if not os.path.exists(got):
            raise BenchError("apt-get source %s gave %s, no %s" % (
                want, sorted(os.listdir(tmp)), project.orig))
        digest = sha256_file(got)
        if digest != project.sha256:
            raise BenchError("%s: sha256 %s, expected %s (pinned)" % (
                project.orig, digest, project.sha256))
        for f in os.listdir(tmp):
            os.replace(os.path.join(tmp, f), os.path.join(ddir, f))
    return orig


def fetch(ctx, project):
    """The project's orig tarball, downloaded and unpacked under the cache
    (once); returns the directory of its top level."""
    orig = download(ctx, project)
    root = ctx.path("src", "debian-%s-%s" % (project.package,
                                             project.version))
    if not os.path.exists(os.path.join(root, ".unpacked")):
        log("[%s] unpack %s" % (project.name, project.orig))
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        with tarfile.open(orig) as tf:
            tf.extractall(root, filter="data")
        open(os.path.join(root, ".unpacked"), "w").close()
    tops = [d for d in os.listdir(root) if not d.startswith(".")]
    if len(tops) != 1:
        raise BenchError("%s: expected one top directory, found %r" % (
            project.orig, tops))
    return os.path.join(root, tops[0])
