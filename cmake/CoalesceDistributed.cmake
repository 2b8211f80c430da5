# coalesce_distributed_executable(<name> OBJECTS <object-library>
#     [LIBRARIES <item>...] [OPTIONS <coalesce option>...] [REPORT <file>])
#
# Distributed ThinLTO, with every ThinLTO backend an action of the build
# system of its own, as Bazel schedules them: the build tool runs the
# backends in parallel (ninja -j N, or on remote executors behind it),
# rebuilds only those whose inputs changed, and caches them like any other
# action. Installed beside coalesceConfig.cmake, which includes it.
#
# <object-library> (add_library(... OBJECT ...)) holds the program's
# sources; it is compiled with -flto=thin. <name> is an executable made of
# them in three steps, each an action of the build:
#
#   1. the thin link, ld.lld --thinlto-index-only: it writes, beside each
#      object X.o, the index shard X.o.thinlto.bc (what the module imports
#      from which others, what stays live, what becomes internal); no
#      code is generated. Then the scan across modules, `coalesce-backend
#      --scan`, over the same objects: the plan of which functions equal up
#      to constants in different modules share a body
#      (CMakeFiles/<name>.thinlto/plan.json). A stamp file stands for
#      their outputs.
#   2. one backend per object, coalesce-backend (the clang backend command
#      line with coalesce in it): X.o + X.o.thinlto.bc -> X.native.o, with
#      the flags ld.lld uses in process (-O2 -ffunction-sections
#      -fdata-sections -fPIC) and the plan. With REPORT, each
#      backend writes its module's report beside its object.
#   3. the final link of the native objects with ld.lld, no LTO; with
#      REPORT, `coalesce-backend --merge-reports` then puts the module
#      reports together into <file>, as an in-process link writes its one.
#
# LIBRARIES are linked in steps 1 and 3 (native archives, shared libraries,
# -l flags); OPTIONS are coalesce options (-coalesce-print-merges, ...),
# given to every backend. CMake names an object library's objects after
# their sources (CMakeFiles/<lib>.dir/<source path>.o under the library's
# binary directory, for the Ninja and Makefile generators); step 1 checks
# that the objects are where that says, and stops the build with a message
# if a generator names them otherwise.
#
# Errors at configure time: <object-library> not an object library of this
# build, a source outside its source directory, an option that is not a
# coalesce option, an unknown argument.

include_guard(GLOBAL)

function(coalesce_distributed_executable name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OBJECTS;REPORT"
    "LIBRARIES;OPTIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "coalesce_distributed_executable(${name}): unknown "
      "arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  set(lib "${arg_OBJECTS}")
  if(NOT TARGET "${lib}")
    message(FATAL_ERROR "coalesce_distributed_executable(${name}): OBJECTS "
      "'${lib}' is not a target")
  endif()
  get_target_property(type "${lib}" TYPE)
  get_target_property(imported "${lib}" IMPORTED)
  if(NOT type STREQUAL "OBJECT_LIBRARY" OR imported)
    message(FATAL_ERROR "coalesce_distributed_executable(${name}): '${lib}' "
      "is not an object library of this build (add_library(${lib} OBJECT ...))")
  endif()
  foreach(option IN LISTS arg_OPTIONS)
    if(NOT option MATCHES "^-coalesce-")
      message(FATAL_ERROR "coalesce_distributed_executable(${name}): "
        "'${option}' is not a coalesce option (they start with -coalesce-)")
    endif()
  endforeach()

  target_compile_options("${lib}" PRIVATE -flto=thin)

  # Where CMake puts each source's object, and where its shard and native
  # object go.
  get_target_property(sources "${lib}" SOURCES)
  get_target_property(source_dir "${lib}" SOURCE_DIR)
  get_target_property(binary_dir "${lib}" BINARY_DIR)
  set(object_dir "${binary_dir}/CMakeFiles/${lib}.dir")
  set(work "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${name}.thinlto")
  set(objects "")
  set(natives "")
  set(languages "")
  foreach(source IN LISTS sources)
    get_filename_component(ext "${source}" LAST_EXT)
    if(ext MATCHES "^\\.(c)$")
      list(APPEND languages C)
    elseif(ext MATCHES "^\\.(cc|cpp|cxx|C|c\\+\\+)$")
      list(APPEND languages CXX)
    else()
      continue()  # Headers and the like.
    endif()
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${source_dir}")
    file(RELATIVE_PATH relative "${source_dir}" "${path}")
    if(relative MATCHES "^\\.\\./")
      message(FATAL_ERROR "coalesce_distributed_executable(${name}): "
        "'${source}' is outside ${source_dir}: its object's name is CMake's own")
    endif()
    list(APPEND objects "${object_dir}/${relative}${CMAKE_C_OUTPUT_EXTENSION}")
    list(APPEND natives "${work}/${relative}.native.o")
  endforeach()
  list(REMOVE_DUPLICATES languages)
  set(driver "${CMAKE_C_COMPILER}")
  set(language C)
  if("CXX" IN_LIST languages)
    set(driver "${CMAKE_CXX_COMPILER}")
    set(language CXX)
  endif()

  # 1. The thin link: shards only.
  set(shards "")
  foreach(object IN LISTS objects)
    list(APPEND shards "${object}.thinlto.bc")
  endforeach()
  set(stamp "${work}/index.stamp")
  string(JOIN "|" expected ${objects})
  get_property(check GLOBAL PROPERTY COALESCE_CHECK_OBJECTS)
  set(plan "${work}/plan.json")
  add_custom_command(OUTPUT "${stamp}" BYPRODUCTS ${shards} "${plan}"
    COMMAND "${CMAKE_COMMAND}" "-DEXPECTED=${expected}"
      "-DACTUAL=$<JOIN:$<TARGET_OBJECTS:${lib}>,|>" -P "${check}"
    COMMAND "${driver}" -flto=thin -fuse-ld=lld
      "-Wl,--thinlto-index-only=${work}/objects.txt"
      $<TARGET_OBJECTS:${lib}> ${arg_LIBRARIES} -o "${work}/unused"
    COMMAND $<TARGET_FILE:coalesce::backend> --scan -o "${plan}"
      $<TARGET_OBJECTS:${lib}>
    COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
    DEPENDS $<TARGET_OBJECTS:${lib}> coalesce::backend
    COMMENT "Thin link of ${name} (index shards, plan across modules)"
    COMMAND_EXPAND_LISTS VERBATIM)

  # 2. A backend per object, at ld.lld's own level for LTO (-O2; what the
  # sources asked for, -Oz say, is in their functions' attributes).
  set(env "")
  set(reports "")
  if(arg_REPORT)
    set(env "COALESCE_OPTIONS=-coalesce-report={output}.json")
  endif()
  set(mllvm -mllvm "-coalesce-cross-module-plan=${plan}")
  foreach(option IN LISTS arg_OPTIONS)
    list(APPEND mllvm -mllvm "${option}")
  endforeach()
  foreach(object native IN ZIP_LISTS objects natives)
    get_filename_component(native_dir "${native}" DIRECTORY)
    file(RELATIVE_PATH shown "${work}" "${native}")
    add_custom_command(OUTPUT "${native}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${native_dir}"
      COMMAND "${CMAKE_COMMAND}" -E env ${env}
        $<TARGET_FILE:coalesce::backend> -c -x ir "${object}"
        "-fthinlto-index=${object}.thinlto.bc" -o "${native}" -O2
        -ffunction-sections -fdata-sections -fPIC ${mllvm}
      DEPENDS "${stamp}" $<TARGET_OBJECTS:${lib}> coalesce::backend
      COMMENT "ThinLTO backend of ${name}: ${shown}"
      VERBATIM)
    if(arg_REPORT)
      list(APPEND reports "${native}.json")
    endif()
  endforeach()

  # 3. The final link of the native objects.
  add_executable("${name}" ${natives})
  set_source_files_properties(${natives} PROPERTIES EXTERNAL_OBJECT ON
    GENERATED ON)
  set_target_properties("${name}" PROPERTIES LINKER_LANGUAGE "${language}")
  target_link_options("${name}" PRIVATE -fno-lto -fuse-ld=lld)
  target_link_libraries("${name}" PRIVATE ${arg_LIBRARIES})
  if(arg_REPORT)
    add_custom_command(TARGET "${name}" POST_BUILD
      COMMAND coalesce::backend --merge-reports -o "${arg_REPORT}" ${reports}
      COMMENT "coalesce report of ${name}: ${arg_REPORT}"
      VERBATIM)
  endif()
endfunction()

set_property(GLOBAL PROPERTY COALESCE_CHECK_OBJECTS
  "${CMAKE_CURRENT_LIST_DIR}/CoalesceCheckObjects.cmake")
