"""Build recipes of the corpus: explicit source lists and flags.

Every project is an npm package or a Debian source package (debsrc.py) at
a pinned version (sha256 of the tarball); nothing of it is kept in the
repository. The recipes replace the projects' own build systems (gyp,
autotools, CMake, make): the same sources and defines, compiled once per
toolchain, linked once per variant.

One module per project or family of projects. A module lists its recipes
in PROJECTS and says where they come in the tables with ORDER (lower
first; ties by module name); a new module is found by itself. common.py
holds what the recipes share.
"""

import importlib
import os
import pkgutil


def _discover():
    mods = []
    here = os.path.dirname(os.path.abspath(__file__))
    for info in pkgutil.iter_modules([here]):
        if info.name == "common":
            continue
        mod = importlib.import_module("projects." + info.name)
        if hasattr(mod, "PROJECTS"):
            mods.append((getattr(mod, "ORDER", 1000), info.name, mod))
    return [p for _, _, mod in sorted(mods) for p in mod.PROJECTS]


PROJECTS = _discover()
PROJECT_BY_NAME = {p.name: p for p in PROJECTS}
PROGRAM_NAMES = [n for p in PROJECTS for n in p.program_names]
if len(set(PROGRAM_NAMES)) != len(PROGRAM_NAMES):
    raise RuntimeError("two recipes name the same program: %s" % sorted(
        n for n in set(PROGRAM_NAMES) if PROGRAM_NAMES.count(n) > 1))


def program_names_for(target):
    """The programs that build for target (a TARGETS key)."""
    return [n for p in PROJECTS if target in p.targets
            for n in p.program_names]


def programs_of(project):
    return project.program_names
