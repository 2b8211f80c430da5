"""What the size benches (bench/size-audit, bench/outline-groups) share:
the plugin they load, a file's sha256, a tool run that stops the bench on
failure, and an object's .text bytes."""

import hashlib
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
LLVM_BIN = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")


def plugin_path():
    build = os.environ.get("COALESCE_BUILD_DIR", os.path.join(ROOT, "build"))
    return os.environ.get("COALESCE_PLUGIN",
                          os.path.join(build, "lib", "coalesce.so"))


def snapshot_plugin(plugin, cache):
    """(path, sha256) of a copy of PLUGIN kept under CACHE/plugin by its
    sha256, for a whole run: a rebuild of the build tree half-way through
    must not change what the rest of the run measures (bench/run does the
    same)."""
    sha = sha256(plugin)
    snap = os.path.join(cache, "plugin", "coalesce-%s.so" % sha[:12])
    if not os.path.exists(snap):
        os.makedirs(os.path.dirname(snap), exist_ok=True)
        shutil.copyfile(plugin, snap + ".tmp")
        os.replace(snap + ".tmp", snap)
    return snap, sha


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def run(cmd, who="bench"):
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if r.returncode:
        sys.exit("%s: failed: %s\n%s" % (
            who, " ".join(cmd), r.stdout.decode(errors="replace")[-3000:]))
    return r.stdout.decode(errors="replace")


def text_bytes(obj, who="bench"):
    """The bytes of obj's .text sections (.text and .text.*)."""
    text = 0
    for line in run([os.path.join(LLVM_BIN, "llvm-size"), "-A", obj],
                    who).splitlines():
        f = line.split()
        if len(f) >= 2 and f[0].startswith(".text") and f[1].isdigit():
            text += int(f[1])
    return text
