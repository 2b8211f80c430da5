# coalesce_enable(<target> [LINKER lld|gold|bfd|mold] [LTO thin|full]
#                 [OPTIONS <option>...])
#
# Installed beside coalesceConfig.cmake, which includes it after it has
# defined coalesce::plugin. What it does to <target>:
#
# - LTO, thin or full. It adds -flto=<LTO> to the target's compile options
#   (and, for a target that links, to its link options). Without LTO, the
#   target gets ThinLTO if it asks for interprocedural optimization
#   (INTERPROCEDURAL_OPTIMIZATION or INTERPROCEDURAL_OPTIMIZATION_<CONFIG>
#   on, as CMAKE_INTERPROCEDURAL_OPTIMIZATION sets them: CMake then gives
#   clang -flto=thin, what large builds link with), and full LTO if not.
#   A target that links reads the property when the build is generated (a
#   generator expression), so it may be set after coalesce_enable; a
#   library reads it at the call.
#   coalesce runs on the whole program in full LTO, and in every backend,
#   on its module, in ThinLTO (docs/user-guide.md, ThinLTO). The target's
#   own options come after CMake's IPO flag on the command line and the
#   last -flto wins, so the target gets the LTO chosen here either way.
#   A static library also gets INTERPROCEDURAL_OPTIMIZATION ON, which makes
#   CMake archive it with llvm-ar (CMAKE_<LANG>_COMPILER_AR): GNU ar writes
#   no symbol index for bitcode members, and gold and bfd then find nothing
#   in the archive.
# - The plugin, for a target that links (executable, shared or module
#   library), in the form its linker takes (docs/user-guide.md):
#     lld:            -flto=<LTO> -fuse-ld=lld -Wl,--load-pass-plugin=<coalesce.so>
#     gold, bfd, mold: -fno-lto -fuse-ld=<linker> -Wl,-plugin,<coalesce.so>
#   The GNU linkers take coalesce.so as their LTO plugin, and -flto on the
#   link line would make clang load LLVMgold.so before it (gold and bfd then
#   give the bitcode to LLVMgold.so); -fno-lto, last, turns off the -flto
#   that CMAKE_<LANG>_FLAGS or INTERPROCEDURAL_OPTIMIZATION put on the link
#   line. The target relinks when coalesce.so changes (LINK_DEPENDS).
# - OPTIONS: coalesce options (-coalesce-print-merges,
#   -coalesce-report=/abs/path.json, ...). Through gold, bfd and mold they
#   are -Wl,-plugin-opt=coalesce-...; ld.lld takes no plugin options on its
#   command line, so they reach it in COALESCE_OPTIONS, set for the link
#   command only by the target's <LANG>_LINKER_LAUNCHER (CMake 3.21).
#
# Which linker: the first of
#   1. the LINKER argument;
#   2. the COALESCE_LINKER cache variable, when not empty;
#   3. the target's LINKER_TYPE property or CMAKE_LINKER_TYPE (CMake 3.29:
#      LLD, GOLD, BFD, MOLD);
#   4. the flags the target links with as coalesce_enable finds them: the
#      last --ld-path=<path>, else the last -fuse-ld=<name>, in the
#      target's LINK_OPTIONS, CMAKE_<KIND>_LINKER_FLAGS[_<CONFIG>] or
#      CMAKE_<LANG>_FLAGS[_<CONFIG>];
#   5. lld.
# coalesce_enable adds -fuse-ld=<linker> itself, after those flags, so the
# linker it chose is the one that links (clang's own default on Debian is
# ld.bfd). clang prefers --ld-path= to any -fuse-ld=, so a --ld-path= that
# names another linker than the one chosen is an error.
#
# Errors at configure time: a compiler other than clang of coalesce's LLVM
# major version (C, CXX, OBJC, OBJCXX, whichever the project enabled), an
# unknown linker, an LTO other than thin or full, a target that is not
# built here, an option that is not a coalesce option.

include_guard(GLOBAL)

set(COALESCE_LINKER "" CACHE STRING
  "Linker for coalesce_enable() targets: lld, gold, bfd or mold (empty: \
CMAKE_LINKER_TYPE or -fuse-ld= in the flags, else lld)")
set_property(CACHE COALESCE_LINKER PROPERTY STRINGS "" lld gold bfd mold)

set_property(GLOBAL PROPERTY COALESCE_PLUGIN "${COALESCE_PLUGIN}")
set_property(GLOBAL PROPERTY COALESCE_LLVM_VERSION "${COALESCE_LLVM_VERSION}")
set_property(GLOBAL PROPERTY COALESCE_LLVM_VERSION_MAJOR
  "${COALESCE_LLVM_VERSION_MAJOR}")

# The linker a -fuse-ld= value, a --ld-path= path or a CMAKE_LINKER_TYPE
# names: lld, gold, bfd or mold in OUT, or "" when it is another one.
function(_coalesce_linker_name value out)
  get_filename_component(base "${value}" NAME)
  string(TOLOWER "${base}" base)
  set(name "")
  if(base MATCHES "^(ld\\.)?(lld|gold|bfd|mold)(-[0-9.]+)?$")
    set(name "${CMAKE_MATCH_2}")
  elseif(base STREQUAL "ld")
    set(name bfd)  # ld is ld.bfd on GNU/Linux
  endif()
  set(${out} "${name}" PARENT_SCOPE)
endfunction()

# The last VALUE of FLAG (-fuse-ld= or --ld-path=) on TARGET's link line
# in OUT_VALUE ("" if none), and where it is in OUT_PLACE. On the link
# line the language flags come first, then the linker flags, then the
# target's link options.
function(_coalesce_last_flag target type flag out_value out_place)
  if(type STREQUAL "EXECUTABLE")
    set(kind EXE)
  elseif(type STREQUAL "SHARED_LIBRARY")
    set(kind SHARED)
  else()
    set(kind MODULE)
  endif()
  string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
  set(places "")
  foreach(place IN ITEMS CMAKE_C_FLAGS CMAKE_CXX_FLAGS
                         CMAKE_${kind}_LINKER_FLAGS)
    list(APPEND places ${place})
    if(config)
      list(APPEND places ${place}_${config})
    endif()
  endforeach()
  set(value "")
  set(where "")
  foreach(place IN LISTS places)
    string(REGEX MATCHALL "${flag}[^ ;>]+" hits "${${place}}")
    if(hits)
      list(GET hits -1 value)
      set(where "${place}")
    endif()
  endforeach()
  get_target_property(options ${target} LINK_OPTIONS)
  if(options)
    string(REGEX MATCHALL "${flag}[^ ;>]+" hits "${options}")
    if(hits)
      list(GET hits -1 value)
      set(where "the target's LINK_OPTIONS")
    endif()
  endif()
  set(${out_value} "${value}" PARENT_SCOPE)
  set(${out_place} "${where}" PARENT_SCOPE)
endfunction()

# The linker TARGET links with (see the head of this file) in OUT_LINKER,
# and where that came from in OUT_ORIGIN.
function(_coalesce_find_linker who target type given out_linker out_origin)
  # What the flags say. clang takes --ld-path= over any -fuse-ld=.
  _coalesce_last_flag(${target} ${type} "--ld-path=" ld_path ld_path_place)
  _coalesce_last_flag(${target} ${type} "-fuse-ld=" fuse_ld fuse_ld_place)
  set(flag "")
  if(ld_path)
    set(flag "${ld_path}")
    set(flag_place "${ld_path_place}")
  elseif(fuse_ld)
    set(flag "${fuse_ld}")
    set(flag_place "${fuse_ld_place}")
  endif()
  set(flag_linker "")
  if(flag)
    string(REGEX REPLACE "^(-fuse-ld=|--ld-path=)" "" value "${flag}")
    _coalesce_linker_name("${value}" flag_linker)
  endif()

  get_target_property(linker_type ${target} LINKER_TYPE)
  set(linker_type_origin "LINKER_TYPE property")
  if(NOT linker_type)
    set(linker_type "${CMAKE_LINKER_TYPE}")
    set(linker_type_origin "CMAKE_LINKER_TYPE")
  endif()
  if(linker_type MATCHES "^(DEFAULT|SYSTEM)$")
    set(linker_type "")
  endif()

  if(given)
    set(linker "${given}")
    set(origin "the LINKER argument")
  elseif(COALESCE_LINKER)
    set(linker "${COALESCE_LINKER}")
    set(origin "COALESCE_LINKER")
    if(NOT linker MATCHES "^(lld|gold|bfd|mold)$")
      message(FATAL_ERROR "${who}: COALESCE_LINKER is '${linker}'; coalesce "
        "links with lld, gold, bfd or mold")
    endif()
  elseif(linker_type)
    _coalesce_linker_name("${linker_type}" linker)
    set(origin "${linker_type_origin}")
    if(NOT linker)
      message(FATAL_ERROR "${who}: ${origin} is ${linker_type}; coalesce "
        "links with LLD, GOLD, BFD or MOLD (or say which with LINKER or "
        "COALESCE_LINKER)")
    endif()
  elseif(flag)
    set(linker "${flag_linker}")
    set(origin "${flag} in ${flag_place}")
    if(NOT linker)
      message(FATAL_ERROR "${who}: ${flag} in ${flag_place}; coalesce links "
        "with lld, gold, bfd or mold (or say which with LINKER or "
        "COALESCE_LINKER)")
    endif()
  else()
    set(linker lld)
    set(origin "the default")
  endif()

  # coalesce_enable's own -fuse-ld= comes last and wins over the others,
  # but not over a --ld-path=.
  if(ld_path AND NOT flag_linker STREQUAL linker)
    message(FATAL_ERROR "${who}: ${ld_path} in ${ld_path_place} chooses the "
      "linker whatever -fuse-ld= says, and it is not ${linker} (from "
      "${origin}); remove the --ld-path= or ask for its linker")
  endif()
  set(${out_linker} "${linker}" PARENT_SCOPE)
  set(${out_origin} "${origin}" PARENT_SCOPE)
endfunction()

# A configure-time error unless every enabled C-family language is
# compiled by clang of coalesce's LLVM major version: coalesce.so reads
# that LLVM's bitcode, which no other compiler writes.
function(_coalesce_check_compilers who)
  get_property(major GLOBAL PROPERTY COALESCE_LLVM_VERSION_MAJOR)
  get_property(version GLOBAL PROPERTY COALESCE_LLVM_VERSION)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(checked "")
  set(wrong "")
  foreach(lang IN ITEMS C CXX OBJC OBJCXX)
    if(lang IN_LIST languages)
      list(APPEND checked ${lang})
      set(id "${CMAKE_${lang}_COMPILER_ID}")
      set(ver "${CMAKE_${lang}_COMPILER_VERSION}")
      if(NOT id STREQUAL "Clang" OR NOT ver MATCHES "^${major}\\.")
        string(APPEND wrong "\n  ${lang}: ${id} ${ver} "
          "(${CMAKE_${lang}_COMPILER})")
      endif()
    endif()
  endforeach()
  if(NOT checked)
    message(FATAL_ERROR "${who}: the project enables neither C nor CXX; "
      "coalesce optimizes what clang ${major} compiles")
  endif()
  if(wrong)
    message(FATAL_ERROR "${who}: coalesce needs clang ${major}. coalesce.so "
      "is built against LLVM ${version} and reads the bitcode of that LLVM, "
      "which only clang ${major} writes; this project's compilers are:"
      "${wrong}\nConfigure a new build directory with "
      "-DCMAKE_C_COMPILER=clang-${major} -DCMAKE_CXX_COMPILER=clang++-${major}")
  endif()
endfunction()

# Whether TARGET asked for interprocedural optimization (for the build
# type, when there is one), in OUT.
function(_coalesce_wants_ipo target out)
  get_target_property(ipo ${target} INTERPROCEDURAL_OPTIMIZATION)
  string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
  if(config)
    get_target_property(ipo_config ${target}
      INTERPROCEDURAL_OPTIMIZATION_${config})
    if(NOT ipo_config STREQUAL "ipo_config-NOTFOUND")
      set(ipo "${ipo_config}")
    endif()
  endif()
  if(ipo)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

function(coalesce_enable target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "LINKER;LTO" "OPTIONS")
  set(who "coalesce_enable(${target})")
  set(usage
    "coalesce_enable(<target> [LINKER lld|gold|bfd|mold] [LTO thin|full] [OPTIONS <option>...])")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${who}: unexpected arguments "
      "'${arg_UNPARSED_ARGUMENTS}'; usage: ${usage}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "${who}: there is no target '${target}' "
      "(call coalesce_enable after add_executable or add_library)")
  endif()
  get_target_property(aliased ${target} ALIASED_TARGET)
  if(aliased)
    set(target ${aliased})
  endif()
  get_target_property(imported ${target} IMPORTED)
  if(imported)
    message(FATAL_ERROR "${who}: '${target}' is imported; coalesce_enable "
      "works on targets this project builds")
  endif()
  get_target_property(type ${target} TYPE)
  if(type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY)$")
    set(links TRUE)
  elseif(type MATCHES "^(STATIC_LIBRARY|OBJECT_LIBRARY)$")
    set(links FALSE)
  else()
    message(FATAL_ERROR "${who}: '${target}' is an ${type}; coalesce_enable "
      "works on executables and shared and module libraries (compiled for "
      "full LTO and linked with coalesce) and on static and object "
      "libraries (compiled for full LTO)")
  endif()
  if(arg_LINKER AND NOT arg_LINKER MATCHES "^(lld|gold|bfd|mold)$")
    message(FATAL_ERROR "${who}: LINKER ${arg_LINKER}; coalesce links with "
      "lld, gold, bfd or mold")
  endif()
  if(DEFINED arg_LTO AND NOT arg_LTO MATCHES "^(thin|full)$")
    message(FATAL_ERROR "${who}: LTO ${arg_LTO}; coalesce runs with LTO "
      "thin or full")
  endif()
  set(plugin_options "")
  foreach(option IN LISTS arg_OPTIONS)
    string(REGEX REPLACE "^-" "" bare "${option}")
    if(NOT bare MATCHES "^coalesce-[a-z]")
      message(FATAL_ERROR "${who}: OPTIONS '${option}' is not a coalesce "
        "option (-coalesce-print-merges, -coalesce-report=FILE, ...: "
        "docs/user-guide.md, Options)")
    endif()
    list(APPEND plugin_options "${bare}")
  endforeach()
  _coalesce_check_compilers("${who}")

  get_property(plugin GLOBAL PROPERTY COALESCE_PLUGIN)
  # Which LTO. Given, it is that one. Not given, a target that links asks
  # its INTERPROCEDURAL_OPTIMIZATION when the build is generated (it may be
  # set after this call); a library, now, before it is turned on below.
  if(arg_LTO)
    set(lto "${arg_LTO}")
    set(lto_origin "the LTO argument")
  elseif(links)
    set(ipo_now "$<TARGET_PROPERTY:INTERPROCEDURAL_OPTIMIZATION>")
    set(ipo_config "$<TARGET_PROPERTY:INTERPROCEDURAL_OPTIMIZATION_$<UPPER_CASE:$<CONFIG>>>")
    set(lto "$<IF:$<OR:$<BOOL:${ipo_now}>,$<BOOL:${ipo_config}>>,thin,full>")
    set(lto_origin "INTERPROCEDURAL_OPTIMIZATION: thin when on, full when off")
  else()
    _coalesce_wants_ipo(${target} ipo)
    if(ipo)
      set(lto thin)
    else()
      set(lto full)
    endif()
    set(lto_origin "INTERPROCEDURAL_OPTIMIZATION: thin when on, full when off")
  endif()
  if(lto STREQUAL "thin")
    set(lto_name "ThinLTO")
  elseif(lto STREQUAL "full")
    set(lto_name "full LTO")
  else()
    set(lto_name "ThinLTO or full LTO")
  endif()
  target_compile_options(${target} PRIVATE -flto=${lto})
  if(NOT links)
    if(type STREQUAL "STATIC_LIBRARY")
      # Archived with llvm-ar, which indexes the symbols of bitcode members.
      set_property(TARGET ${target} PROPERTY INTERPROCEDURAL_OPTIMIZATION ON)
    endif()
    set_property(TARGET ${target} PROPERTY COALESCE_LINKER "")
    set_property(TARGET ${target} PROPERTY COALESCE_LTO "${lto}")
    message(STATUS "coalesce: ${target}: compiled for ${lto_name} "
      "(LTO: ${lto_origin})")
    return()
  endif()

  _coalesce_find_linker("${who}" ${target} ${type} "${arg_LINKER}"
    linker origin)
  if(linker STREQUAL "lld")
    target_link_options(${target} PRIVATE -flto=${lto} -fuse-ld=lld
      "-Wl,--load-pass-plugin=${plugin}")
    if(plugin_options)
      if(CMAKE_VERSION VERSION_LESS 3.21)
        message(FATAL_ERROR "${who}: OPTIONS through ld.lld need CMake 3.21 "
          "(<LANG>_LINKER_LAUNCHER); set COALESCE_OPTIONS in the "
          "environment of the build instead")
      endif()
      list(TRANSFORM plugin_options PREPEND "-")
      string(JOIN " " joined ${plugin_options})
      foreach(lang IN ITEMS C CXX OBJC OBJCXX)
        get_target_property(launcher ${target} ${lang}_LINKER_LAUNCHER)
        if(NOT launcher)
          set(launcher "")
        endif()
        set_property(TARGET ${target} PROPERTY ${lang}_LINKER_LAUNCHER
          "${CMAKE_COMMAND}" -E env "COALESCE_OPTIONS=${joined}" ${launcher})
      endforeach()
    endif()
  else()
    set(link_options -fno-lto -fuse-ld=${linker} "-Wl,-plugin,${plugin}")
    foreach(option IN LISTS plugin_options)
      list(APPEND link_options "-Wl,-plugin-opt=${option}")
    endforeach()
    target_link_options(${target} PRIVATE ${link_options})
  endif()
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${plugin}")
  set_property(TARGET ${target} PROPERTY COALESCE_LINKER "${linker}")
  set_property(TARGET ${target} PROPERTY COALESCE_LTO "${lto}")
  message(STATUS "coalesce: ${target}: ${lto_name}, linked by ld.${linker} "
    "with ${plugin} (linker: ${origin}; LTO: ${lto_origin})")
endfunction()
