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


# COALESCE_SANITIZE (CMakeLists.txt): coalesce.so is built with ASan and
# UBSan, and the hosts that dlopen it (opt, ld.lld, ld.gold, ld.bfd, clang
# running the linker) are not. The ASan runtime must be in a process
# before an instrumented library is loaded, so every command of the suite
# starts with the shared runtime preloaded (it holds UBSan's handlers too).
# Processes that never load coalesce.so (FileCheck, python, the programs the
# link tests build) run with it too: it takes over malloc and free, and
# checks nothing else in code that is not instrumented.
if config.coalesce_sanitize:
    config.available_features.add("sanitizer")
    config.environment["LD_PRELOAD"] = config.coalesce_asan_runtime
    # LLVM's tools leave their memory for exit to reclaim, on purpose.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=0"
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    # qemu-aarch64 passes its environment to the AArch64 program, whose
    # loader cannot preload an x86-64 library and says so on stderr.
    config.environment["QEMU_UNSET_ENV"] = "LD_PRELOAD"
else:
    # mold cannot host a sanitized coalesce.so: it links its own malloc
    # (mimalloc) into the executable, so the preloaded ASan runtime crashes
    # while mold starts, and a runtime loaded only with coalesce.so finds
    # mimalloc's memory where its shadow memory must go. Tests run their
    # mold links under `%if mold-host %{ ... %}`; gold and bfd run always.
    config.available_features.add("mold-host")
config.substitutions.append(
    ("%mold_or_bfd", "mold" if "mold-host" in config.available_features else "bfd"))

plugin = config.coalesce_plugin
config.substitutions.append(("%coalesce_plugin", plugin))
# test/thinlto-distributed: the ThinLTO backend with the plugin in it.
config.substitutions.append(("%coalesce_backend", config.coalesce_backend))
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
