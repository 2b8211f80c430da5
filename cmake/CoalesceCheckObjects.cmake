# cmake -DEXPECTED=a|b -DACTUAL=a|b -P CoalesceCheckObjects.cmake
#
# Step 1 of coalesce_distributed_executable (CoalesceDistributed.cmake):
# the objects of the object library must be where the function expected
# them when it wrote the backends' commands, or the build stops here.
string(REPLACE "|" ";" expected "${EXPECTED}")
string(REPLACE "|" ";" listed "${ACTUAL}")
set(actual "")
foreach(path IN LISTS listed)  # "dir/./x.o" is "dir/x.o".
  cmake_path(NORMAL_PATH path)
  list(APPEND actual "${path}")
endforeach()
list(SORT expected)
list(SORT actual)
if(NOT expected STREQUAL actual)
  list(JOIN expected "\n  " e)
  list(JOIN actual "\n  " a)
  message(FATAL_ERROR "coalesce_distributed_executable: this generator names "
    "the objects otherwise than CMake's Ninja and Makefile generators do.\n"
    "Expected:\n  ${e}\nFound:\n  ${a}")
endif()
