"""GLM (Debian): header-only C++ mathematics, its own tests and a workload
of ours."""

import os

from debsrc import DebianProject
from harness import Binary, Program, Unit, run_capture
from projects.common import CORPUS, _digest, own_unit, test_checks


class Glm(DebianProject):
    """GLM 0.9.9.8, template-heavy header-only vector and matrix maths:
    the test programs of test/core (functions and types) and test/gtc
    (CMake's glmCreateTestGTC, one program each, exit status the number of
    errors) and bench/corpus/glm/driver.cpp."""
    name = "glm"
    package, version = "glm", "0.9.9.8+ds-6"
    orig = "glm_0.9.9.8+ds.orig.tar.xz"
    sha256 = "0e678af38374a9d49dbd19f206bbc31564ddcd91449fe48ea8967a51ab3ccd69"
    program_names = ["glm"]
    # test/CMakeLists.txt's defaults: the compiler's own C++ standard
    # (clang's gnu++17), no GLM_FORCE_* (no SIMD intrinsics), the sources'
    # own defines.
    FLAGS = ["-std=gnu++17", "-I", "."]
    # Of test/core/CMakeLists.txt: the function and type tests (not the
    # core_force_* and core_setup_* ones, which only check that the
    # headers build in other configurations); all of test/gtc's.
    TESTS = ["core/core_func_" + t for t in (
        "common", "exponential", "geometric", "integer",
        "integer_bit_count", "integer_find_lsb", "integer_find_msb",
        "matrix", "noise", "packing", "swizzle", "trigonometric",
        "vector_relational")] + ["core/core_type_" + t for t in (
            "aligned", "cast", "ctor", "int", "length", "mat2x2", "mat2x3",
            "mat2x4", "mat3x2", "mat3x3", "mat3x4", "mat4x2", "mat4x3",
            "mat4x4", "vec1", "vec2", "vec3", "vec4")] + [
        "gtc/gtc_" + t for t in (
            "bitfield", "color_space", "constants", "epsilon", "integer",
            "matrix_access", "matrix_integer", "matrix_inverse",
            "matrix_transform", "noise", "packing", "quaternion", "random",
            "round", "reciprocal", "type_aligned", "type_precision",
            "type_ptr", "ulp", "vec1")]
    FRAMES = 60

    def units(self, src):
        units = [Unit("test/%s.cpp" % t, self.FLAGS,
                      name="glmt_" + os.path.basename(t))
                 for t in self.TESTS]
        units.append(own_unit(os.path.join(CORPUS, "glm", "driver.cpp"),
                              self.FLAGS, "glm_driver"))
        return units

    def programs(self, src, ctx):
        tests = [Binary(os.path.basename(t), ["glmt_" + os.path.basename(t)],
                        cxx=True) for t in self.TESTS]
        names = [b.name for b in tests]
        runs = [("driver-2", ["2"]), ("driver-%d" % self.FRAMES,
                                      [str(self.FRAMES)])]

        def check(ctx, variant, binpath):
            # Every test exits 0 (no errors); the driver prints what the
            # baseline prints (its sums in %a, to the last bit).
            out = test_checks(ctx, binpath, names,
                              ctx.path("work", "glm", variant.key))
            for name, argv in runs:
                rc, text = run_capture([binpath["glm-driver"]] + argv)
                out[name] = (rc == 0 and b"\nbits " in text,
                             (rc, _digest(text)))
            return out

        return [Program(
            "glm", tests + [Binary("glm-driver", ["glm_driver"], cxx=True)],
            check,
            lambda b, w: ([b["glm-driver"], str(self.FRAMES)], None),
            timed="glm-driver", text="sum", compare=True,
            describe="GLM 0.9.9.8 (header-only): %d of its test programs "
            "(test/core, test/gtc) and bench/corpus/glm/driver.cpp (.text: "
            "their sum)" % len(tests),
            workload_text="bench/corpus/glm/driver.cpp, %d frames of "
            "transforms in float and double (quaternions, projections, "
            "inverses), lighting, Perlin and simplex noise, sRGB, packing"
            % self.FRAMES)]


# The recipes of this module, and where they come in the tables.
ORDER = 450
PROJECTS = [Glm()]
