# Install rules: `cmake --install build --prefix P` puts
#
#   P/lib/coalesce/coalesce.so              the plugin (ld.lld pass plugin, GNU linker plugin)
#   P/bin/coalesce-sim                      the similarity report tool
#   P/bin/coalesce-backend                  ThinLTO backend with the plugin (distributed ThinLTO);
#                                           finds the plugin at ../lib/coalesce/coalesce.so
#   P/bin/coalesce-size                     fits and checks the size model against a target's objects
#   P/bin/coalesce-config                   link flags for Make, Meson, scripts
#   P/lib/cmake/coalesce/                   find_package(coalesce): coalesce::plugin, coalesce_enable()
#   P/lib/pkgconfig/coalesce.pc             pkg-config
#   P/share/doc/coalesce/                   README, user guide and essays, examples
#
# The plugin's directory is lib/, not the multiarch lib/<triple>/ that
# GNUInstallDirs picks for /usr on Debian: the Debian package promises the
# fixed path /usr/lib/coalesce/coalesce.so. Installed binaries carry no
# RUNPATH: they load libLLVM.so.22.1 from the system's library path, where
# Debian's libllvm22 puts it.

set(COALESCE_INSTALL_PLUGINDIR lib/coalesce)
set(COALESCE_INSTALL_BINDIR bin)
set(COALESCE_INSTALL_CMAKEDIR lib/cmake/coalesce)
set(COALESCE_INSTALL_PKGCONFIGDIR lib/pkgconfig)
set(COALESCE_INSTALL_DOCDIR share/doc/coalesce)

set_target_properties(coalesce PROPERTIES EXPORT_NAME plugin)
set_target_properties(coalesce-sim PROPERTIES EXPORT_NAME sim)
set_target_properties(coalesce-backend PROPERTIES EXPORT_NAME backend)
set_target_properties(coalesce-size PROPERTIES EXPORT_NAME size)
install(TARGETS coalesce EXPORT coalesceTargets
  LIBRARY DESTINATION ${COALESCE_INSTALL_PLUGINDIR})
install(TARGETS coalesce-sim EXPORT coalesceTargets
  RUNTIME DESTINATION ${COALESCE_INSTALL_BINDIR})
# coalesce::backend: --thinlto-remote-compiler=$<TARGET_FILE:coalesce::backend>
install(TARGETS coalesce-backend EXPORT coalesceTargets
  RUNTIME DESTINATION ${COALESCE_INSTALL_BINDIR})
install(TARGETS coalesce-size EXPORT coalesceTargets
  RUNTIME DESTINATION ${COALESCE_INSTALL_BINDIR})
install(EXPORT coalesceTargets NAMESPACE coalesce::
  FILE coalesceTargets.cmake DESTINATION ${COALESCE_INSTALL_CMAKEDIR})

# The CMake package: relocatable (every path is found from the directory
# of coalesceConfig.cmake), so an unpacked tree works where it lands.
include(CMakePackageConfigHelpers)
configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/coalesceConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/cmake/coalesceConfig.cmake
  INSTALL_DESTINATION ${COALESCE_INSTALL_CMAKEDIR})
# 0.x: a minor version may change what coalesce_enable() does.
write_basic_package_version_file(
  ${CMAKE_CURRENT_BINARY_DIR}/cmake/coalesceConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CMAKE_CURRENT_BINARY_DIR}/cmake/coalesceConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/cmake/coalesceConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/CoalesceEnable.cmake
  ${CMAKE_CURRENT_LIST_DIR}/CoalesceDistributed.cmake
  ${CMAKE_CURRENT_LIST_DIR}/CoalesceCheckObjects.cmake
  DESTINATION ${COALESCE_INSTALL_CMAKEDIR})

# coalesce-config finds the plugin from its own location; coalesce.pc is
# written at install time, with the prefix the install really uses
# (`cmake --install --prefix P`, or /usr for the Debian package).
configure_file(${CMAKE_CURRENT_LIST_DIR}/coalesce-config.in
  ${CMAKE_CURRENT_BINARY_DIR}/bin/coalesce-config @ONLY)
install(PROGRAMS ${CMAKE_CURRENT_BINARY_DIR}/bin/coalesce-config
  DESTINATION ${COALESCE_INSTALL_BINDIR})
install(CODE "
  get_filename_component(COALESCE_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\" ABSOLUTE)
  set(COALESCE_PC_VERSION \"${PROJECT_VERSION}\")
  set(COALESCE_PC_PLUGINDIR \"${COALESCE_INSTALL_PLUGINDIR}\")
  set(COALESCE_PC_LLVM_MAJOR \"${LLVM_VERSION_MAJOR}\")
  # One file per destination: installs into several prefixes at once
  # (the tests do) do not overwrite each other's.
  string(MD5 coalesce_pc_key \"\$ENV{DESTDIR}\${COALESCE_PC_PREFIX}\")
  set(coalesce_pc \"${CMAKE_CURRENT_BINARY_DIR}/pkgconfig/\${coalesce_pc_key}/coalesce.pc\")
  configure_file(\"${CMAKE_CURRENT_LIST_DIR}/coalesce.pc.in\" \"\${coalesce_pc}\" @ONLY)
  file(INSTALL DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${COALESCE_INSTALL_PKGCONFIGDIR}\"
    TYPE FILE FILES \"\${coalesce_pc}\")")

# Documentation: the README, the user guide and the essays, the examples
# (their sources, inputs and expected outputs; examples/run.sh takes the
# installed plugin: `bash .../examples/run.sh /usr/lib/coalesce/coalesce.so`).
install(FILES README.md LICENSE DESTINATION ${COALESCE_INSTALL_DOCDIR})
# Debian's files in the documentation directory: the copyright (machine-
# readable, DEP-5) and the changelog, gzipped as Debian's policy has it. The
# changelog's signature is the package's maintainer (Package.cmake): the
# project's maintainers, under the identity they commit as. A distribution
# that packages coalesce itself sets its own.
set(COALESCE_PACKAGE_MAINTAINER
  "Seed ca90ec6b maintainers <maintainers@users.noreply.a-seed-ca90ec6b.example>"
  CACHE STRING "Maintainer field of the Debian package")
configure_file(cmake/debian/changelog.in
  ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog @ONLY)
execute_process(
  COMMAND gzip -9nc ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog
  OUTPUT_FILE ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian.gz
  RESULT_VARIABLE gzip_result)
if(NOT gzip_result EQUAL 0)
  message(FATAL_ERROR "coalesce: cannot gzip debian/changelog (gzip: ${gzip_result})")
endif()
install(FILES cmake/debian/copyright
  ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian.gz
  DESTINATION ${COALESCE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${COALESCE_INSTALL_DOCDIR}/docs)
install(DIRECTORY examples/ DESTINATION ${COALESCE_INSTALL_DOCDIR}/examples
  PATTERN "*.sh" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE
                             GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
