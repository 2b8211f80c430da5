// Compiled without -flto: its Acc<long>::sum is in the same comdat as the
// bitcode's, and the linker keeps one.
#include "common.h"

long native_weight(long x) {
  long v[] = {x, x + 5};
  return Acc<long>::sum(v, 2) + registry_count;
}
