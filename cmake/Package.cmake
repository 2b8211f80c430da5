# The Debian package, by CPack's DEB generator:
#
#   (cd build && cpack -G DEB)          or   bash tools/dev.sh deb
#
# writes build/coalesce_<version>_<arch>.deb: everything `cmake --install`
# puts under a prefix, with the prefix /usr, so the plugin is at the fixed
# path /usr/lib/coalesce/coalesce.so. Its dependencies are those of the
# binaries, found by dpkg-shlibdeps (Debian: dpkg-dev, file): libllvm22 for
# libLLVM.so.22.1, libc6, libstdc++6, libgcc-s1. It also requires libllvm22
# of at least the LLVM minor release it was built against, and recommends
# what a link with it needs: clang-22, lld-22 (ld.lld), llvm-22 (llvm-ar,
# for static libraries of bitcode) and binutils (ld.gold, ld.bfd).

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME coalesce)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "link-time code-size optimizer for clang ${LLVM_VERSION_MAJOR} (LLVM pass and linker plugin)")
set(CPACK_PACKAGE_DESCRIPTION
  "coalesce runs inside the link, on the merged full-LTO module, before code
generation: it merges identical functions, gives functions that differ only
in constants one body, and outlines similar code into shared functions where
its size model says that saves bytes. coalesce.so is an LLVM ${LLVM_VERSION_MAJOR} pass plugin
for ld.lld and a GNU linker plugin for ld.gold, ld.bfd and mold.
.
Link with (ld.lld): -flto=full -fuse-ld=lld -Wl,--load-pass-plugin=/usr/lib/coalesce/coalesce.so
(ld.gold, ld.bfd, mold: -fno-lto -fuse-ld=gold -Wl,-plugin,/usr/lib/coalesce/coalesce.so)
CMake: find_package(coalesce) and coalesce_enable(<target>);
Make and Meson: coalesce-config --ldflags LINKER, or pkg-config coalesce.")
# COALESCE_PACKAGE_MAINTAINER: set in Install.cmake, which signs the
# changelog with it.
set(CPACK_PACKAGE_CONTACT "${COALESCE_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Debian's libllvm22 declares no version for libLLVM.so.22.1 (its shlibs
# file says only "libllvm22"); the epoch 1: is Debian's and apt.llvm.org's.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libllvm${LLVM_VERSION_MAJOR} (>= 1:${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}.0)")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "clang-${LLVM_VERSION_MAJOR}, lld-${LLVM_VERSION_MAJOR}, llvm-${LLVM_VERSION_MAJOR}, binutils")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "mold, pkg-config")

include(CPack)
