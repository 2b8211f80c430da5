"""The sqlite3 shell (npm sqlite3)."""

import glob
import os
import tarfile

from harness import Binary, Program, Project, Unit
from projects.common import CORPUS, script_checks


class Sqlite(Project):
    name = "sqlite3"
    package, version = "sqlite3", "5.1.7"
    sha256 = "44cc9bdee02705a7b636f76968d745e21c1d0b2f1c62810c678bc3b0ececab1b"
    DEFINES = ["-DSQLITE_THREADSAFE=0", "-DSQLITE_ENABLE_FTS5",
               "-DSQLITE_ENABLE_RTREE", "-DSQLITE_ENABLE_MATH_FUNCTIONS",
               "-DSQLITE_ENABLE_DBSTAT_VTAB", "-DSQLITE_OMIT_LOAD_EXTENSION"]
    program_names = ["sqlite3"]
    SCRIPTS = ["basics", "functions", "fts_rtree", "recursive", "workload"]

    def setup(self, root):
        # The package carries the amalgamation as a nested tarball.
        tgz = glob.glob(os.path.join(root, "deps", "sqlite-autoconf-*.tar.gz"))
        if len(tgz) != 1:
            raise RuntimeError("sqlite3: no deps/sqlite-autoconf-*.tar.gz")
        src = tgz[0][:-len(".tar.gz")]
        if not os.path.exists(os.path.join(src, "shell.c")):
            with tarfile.open(tgz[0]) as tf:
                tf.extractall(os.path.dirname(src), filter="data")
        self.amalgamation = os.path.basename(src)
        return src

    def units(self, src):
        return [Unit("sqlite3.c", self.DEFINES), Unit("shell.c", self.DEFINES)]

    def programs(self, src, ctx):
        d = os.path.join(CORPUS, "sqlite")
        scripts = [(s, os.path.join(d, s + ".sql")) for s in self.SCRIPTS]

        def check(ctx, variant, binpath):
            return script_checks(binpath, "sqlite3", scripts,
                                 lambda name: ["-batch", ":memory:"])

        def workload(binpath, workdir):
            return ([binpath["sqlite3"], "-batch", ":memory:"],
                    os.path.join(d, "workload.sql"))

        return [Program(
            "sqlite3", [Binary("sqlite3", ["sqlite3", "shell"], ["-lm"])],
            check, workload, compare=True,
            describe="the sqlite3 shell (%s: sqlite3.c + shell.c)" %
            self.amalgamation,
            workload_text="bench/corpus/sqlite/workload.sql")]


# The recipes of this module, and where they come in the tables.
ORDER = 10
PROJECTS = [Sqlite()]
