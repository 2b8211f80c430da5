#include "templates.h"
#include <cstdio>

// The same instances again, from another translation unit.
int other_tu() {
  int vi[] = {50, 60, 70, 80};
  unsigned vu[] = {51, 61, 71, 81};
  swap_ends(vi, n_int);
  swap_ends(vu, n_int);
  Counter<unsigned> cu{v_unsigned};
  cu.bump(w_unsigned);
  std::printf("other swap %d %u\n", vi[0], vu[0]);
  std::printf("other mangle %d %u %lld\n", mangle<int>(w_int, v_int),
              mangle<unsigned>(w_unsigned, v_unsigned),
              mangle<long long>(w_llong, v_llong));
  return int(cu.value);
}
