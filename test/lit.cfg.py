# lit configuration for coalesce: IR tests (test/ir) run through opt with
# the plugin; link tests (test/link) compile, link and run real programs;
# differential tests (test/differential) compare against LLVM's own passes.
import os
import lit.formats

config.name = "coalesce"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".test", ".c", ".cpp"]
config.excludes = ["Inputs", "inputs", "unit", "CMakeLists.txt", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.coalesce_obj_root, "test")

bindir = config.llvm_tools_dir
config.environment["PATH"] = os.pathsep.join(
    [bindir, config.environment.get("PATH", "")])


def tool(name):
    return os.path.join(bindir, name)


plugin = config.coalesce_plugin
config.substitutions.append(("%coalesce_plugin", plugin))
config.substitutions.append(("%coalesce_build", config.coalesce_obj_root))
config.substitutions.append(
    ("%examples", os.path.join(os.path.dirname(config.test_source_root), "examples")))
config.substitutions.append(
    ("%repo", os.path.dirname(config.test_source_root)))

# Debian's arm64 cross headers and libraries (tools/dev.sh installs them):
# AArch64 programs are compiled, linked with ld.lld and run under qemu.
if all(os.path.exists(p) for p in ("/usr/aarch64-linux-gnu/include/stdio.h",
                                   "/usr/aarch64-linux-gnu/include/c++")):
    config.available_features.add("aarch64-cross")
config.substitutions.append(
    ("%opt-coalesce", "%s -load-pass-plugin=%s" % (tool("opt"), plugin)))
config.substitutions.append(("%opt", tool("opt")))
config.substitutions.append(("%clangxx", tool("clang++")))
config.substitutions.append(("%clang", tool("clang")))
config.substitutions.append(("%python", config.python_executable))
# test/package: the install tree, the CMake package and the Debian package.
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cpack", config.cpack_command))
config.substitutions.append(("%llvm_bin", bindir))
config.substitutions.append(
    ("%test_tools", os.path.join(config.test_source_root, "tools")))
for name in ["FileCheck", "not", "count", "llvm-nm", "llvm-as", "llvm-dis",
             "llvm-objdump", "llvm-readelf", "llvm-size", "llvm-dwarfdump",
             "ld.lld", "llvm-ar"]:
    config.substitutions.append(
        ("(?<![-\\w/.])" + name.replace(".", "\\.") + "(?![-\\w])",
         tool(name)))
